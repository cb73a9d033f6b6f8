import type { UserRef } from "./UserRef";
export type TagListItem = { id: number, name: string, type: string, description: string | null, changed_on_delta_humanized: string, created_on_delta_humanized: string, changed_by: UserRef | null, created_by: UserRef | null, };
