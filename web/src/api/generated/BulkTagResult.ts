import type { ObjectToTag } from "./ObjectToTag";
export type BulkTagResult = { objects_tagged: Array<ObjectToTag>, objects_skipped: Array<ObjectToTag>, };
