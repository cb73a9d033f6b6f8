/** Spec 000 section 9: the shared table's sizes, as Superset's `TableSize` names them. */
export type TableSize = 'small' | 'middle';

/** The height of one (virtual) row in px: 39 for the small (default) size, 47 for the middle size. */
export const tableRowHeights: Record<TableSize, number> = { small: 39, middle: 47 };

/** The size a table has unless told. */
export const defaultTableSize: TableSize = 'small';
