export type ObjectToTag = [string, number];
