/**
 * The keys of a column of an expanded table in the left bar, as Superset's ColumnElement shows
 * them: a key icon for the primary key, a link for a foreign key, a bookmark for an index, each
 * with a tooltip naming the key and its columns.
 */
import type { TableMetadata } from '@/api/generated/TableMetadata';

export type ColumnKeyType = 'pk' | 'fk' | 'index';

export interface ColumnKey {
  type: ColumnKeyType;
  /** The tooltip: `Primary key (id)`, `Foreign key books_author_fk (author_id) → authors (id)`, `Index books_title_idx (title)`. */
  title: string;
}

export const columnKeyIcons: Readonly<Record<ColumnKeyType, string>> = {
  pk: '🔑',
  fk: '🔗',
  index: '🔖',
};

const keyTitles: Readonly<Record<ColumnKeyType, string>> = {
  pk: 'Primary key',
  fk: 'Foreign key',
  index: 'Index',
};

function named(type: ColumnKeyType, name: string | null): string {
  return name === null ? keyTitles[type] : `${keyTitles[type]} ${name}`;
}

/** The keys `column` belongs to, primary key first, then foreign keys, then indexes. */
export function columnKeys(metadata: Pick<TableMetadata, 'primaryKey' | 'foreignKeys' | 'indexes'>, column: string): ColumnKey[] {
  const keys: ColumnKey[] = [];
  const primaryColumns = metadata.primaryKey.constrained_columns;
  if (primaryColumns.includes(column)) {
    keys.push({ type: 'pk', title: `${named('pk', metadata.primaryKey.name)} (${primaryColumns.join(', ')})` });
  }
  for (const foreignKey of metadata.foreignKeys) {
    if (!foreignKey.column_names.includes(column)) continue;
    const referred = [foreignKey.referred_schema, foreignKey.referred_table].filter((part) => part !== null).join('.');
    keys.push({
      type: 'fk',
      title: `${named('fk', foreignKey.name)} (${foreignKey.column_names.join(', ')}) → ${referred} (${foreignKey.referred_columns.join(', ')})`,
    });
  }
  for (const index of metadata.indexes) {
    if (!index.column_names.includes(column)) continue;
    keys.push({ type: 'index', title: `${named('index', index.name)} (${index.column_names.join(', ')})${index.unique ? ', unique' : ''}` });
  }
  return keys;
}
