import type { TagRef } from "./TagRef";
import type { UserRef } from "./UserRef";
export type TaggedObject = { id: number, type: string, name: string, url: string, changed_on: string, created_by: UserRef | null, creator: string, tags: Array<TagRef>, owners: Array<UserRef>, };
