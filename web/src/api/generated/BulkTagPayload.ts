import type { BulkTag } from "./BulkTag";
export type BulkTagPayload = { tags: Array<BulkTag>, };
