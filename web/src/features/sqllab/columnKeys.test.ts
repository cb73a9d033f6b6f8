import { describe, expect, it } from 'vitest';
import type { TableForeignKey } from '@/api/generated/TableForeignKey';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import { columnKeys } from './columnKeys';

const authorKey: TableForeignKey = {
  name: 'books_author_fk',
  column_names: ['author_id'],
  referred_schema: 'public',
  referred_table: 'authors',
  referred_columns: ['id'],
  type: 'fk',
  options: {},
};

const books: Pick<TableMetadata, 'primaryKey' | 'foreignKeys' | 'indexes'> = {
  primaryKey: { constrained_columns: ['id'], name: null },
  foreignKeys: [authorKey],
  indexes: [
    { name: 'books_title_idx', column_names: ['title'], unique: false, type: 'index', options: {} },
    { name: 'books_author_title_idx', column_names: ['author_id', 'title'], unique: true, type: 'index', options: {} },
  ],
};

describe('columnKeys', () => {
  it('lists the primary key, then foreign keys, then indexes a column is in, with their tooltips', () => {
    expect(columnKeys(books, 'id')).toEqual([{ type: 'pk', title: 'Primary key (id)' }]);
    expect(columnKeys(books, 'author_id')).toEqual([
      { type: 'fk', title: 'Foreign key books_author_fk (author_id) → public.authors (id)' },
      { type: 'index', title: 'Index books_author_title_idx (author_id, title), unique' },
    ]);
    expect(columnKeys(books, 'title').map((key) => key.title)).toEqual([
      'Index books_title_idx (title)',
      'Index books_author_title_idx (author_id, title), unique',
    ]);
    expect(columnKeys(books, 'pages')).toEqual([]);
  });

  it('names an unnamed SQLite foreign key by its kind only', () => {
    const sqlite = { ...books, foreignKeys: [{ ...authorKey, name: null, referred_schema: null }] };
    expect(columnKeys(sqlite, 'author_id')[0]).toEqual({ type: 'fk', title: 'Foreign key (author_id) → authors (id)' });
  });
});
