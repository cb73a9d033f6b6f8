import type { ObjectToTag } from "./ObjectToTag";
export type BulkTag = { name: string, objects_to_tag: Array<ObjectToTag>, };
