import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { LeftBar } from './LeftBar';

const books: TableMetadata = {
  name: 'books',
  schema: 'public',
  columns: [
    { name: 'id', type: 'INTEGER', longType: 'INTEGER', keys: ['pk'], comment: null },
    { name: 'author_id', type: 'INTEGER', longType: 'INTEGER', keys: [], comment: null },
    { name: 'title', type: 'VARCHAR', longType: 'VARCHAR(64)', keys: [], comment: null },
  ],
  selectStar: 'SELECT * FROM books',
  primaryKey: { constrained_columns: ['id'], name: 'books_pkey' },
  foreignKeys: [
    {
      name: 'books_author_fk',
      column_names: ['author_id'],
      referred_schema: 'public',
      referred_table: 'authors',
      referred_columns: ['id'],
      type: 'fk',
      options: {},
    },
  ],
  indexes: [
    { name: 'books_title_idx', column_names: ['title'], unique: false, type: 'index', options: {} },
    { name: 'books_author_title_idx', column_names: ['author_id', 'title'], unique: true, type: 'index', options: {} },
  ],
};

const authors: TableMetadata = { ...books, name: 'authors', columns: [{ name: 'id', type: 'INTEGER', longType: 'INTEGER', keys: ['pk'], comment: null }], foreignKeys: [], indexes: [] };

function stubCatalogue(calls: string[]): void {
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(decodeURIComponent(url));
    if (url.includes('/table_metadata/')) return Promise.resolve(Response.json(url.includes('name=authors') ? authors : books));
    if (url.includes('/schemas/')) return Promise.resolve(Response.json({ result: ['public'] }));
    return Promise.resolve(Response.json({ count: 1, result: [{ value: 'books', type: 'table', extra: null }] }));
  });
}

function renderBar(editorTables: Parameters<typeof LeftBar>[0]['editorTables']): void {
  renderWithTheme(
    <LeftBar
      databases={[]}
      selection={{ dbId: 4, catalog: null, schema: 'public' }}
      onSelectionChange={vi.fn()}
      onTablesLoaded={vi.fn()}
      editorTables={editorTables}
      onAddTable={vi.fn()}
      onExpandTable={vi.fn()}
      onRemoveTable={vi.fn()}
    />,
  );
}

describe('LeftBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an expanded table with its key, foreign key and index icons', async () => {
    const calls: string[] = [];
    stubCatalogue(calls);
    renderBar([{ id: 't1', queryEditorId: 'a', dbId: 4, catalog: 'east', schema: 'public', name: 'books', expanded: true }]);
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.tableColumn)).toHaveLength(3));
    expect(calls).toContain('/api/v1/database/4/table_metadata/?name=books&schema=public&catalog=east');
    const column = (name: string): HTMLElement =>
      screen.getAllByTestId(testIds.sqlLab.tableColumn).find((item) => item.dataset.column === name) ?? document.body;
    const keysOf = (name: string): Array<[string | undefined, string | null]> =>
      within(column(name))
        .queryAllByTestId(testIds.sqlLab.tableKey)
        .map((key) => [key.dataset.keyType, key.getAttribute('title')]);
    expect(keysOf('id')).toEqual([['pk', 'Primary key books_pkey (id)']]);
    expect(keysOf('author_id')).toEqual([
      ['fk', 'Foreign key books_author_fk (author_id) → public.authors (id)'],
      ['index', 'Index books_author_title_idx (author_id, title), unique'],
    ]);
    expect(keysOf('title')).toEqual([
      ['index', 'Index books_title_idx (title)'],
      ['index', 'Index books_author_title_idx (author_id, title), unique'],
    ]);
    expect(within(column('title')).getByText('VARCHAR')).toBeTruthy();
  });

  it("lists an expanded table's indexes in their own section, with their columns and uniqueness", async () => {
    stubCatalogue([]);
    renderBar([
      { id: 't1', queryEditorId: 'a', dbId: 4, catalog: null, schema: 'public', name: 'books', expanded: true },
      { id: 't2', queryEditorId: 'a', dbId: 4, catalog: null, schema: 'public', name: 'authors', expanded: true },
    ]);
    const section = await screen.findByTestId(testIds.sqlLab.tableIndexes);
    expect(within(section).getByRole('heading', { name: 'Indexes' })).toBeTruthy();
    const rows = within(section)
      .getAllByTestId(testIds.sqlLab.tableIndex)
      .map((row) => [row.dataset.index, row.textContent]);
    expect(rows).toEqual([
      ['books_title_idx', '🔖books_title_idxtitle'],
      ['books_author_title_idx', '🔖books_author_title_idxauthor_id, title (unique)'],
    ]);
    // The table without indexes has no section.
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.tableColumn)).toHaveLength(4));
    expect(screen.getAllByTestId(testIds.sqlLab.tableIndexes)).toHaveLength(1);
    const authorsItem = screen.getAllByTestId(testIds.sqlLab.editorTable).find((item) => item.dataset.table === 'authors');
    expect(authorsItem && within(authorsItem).queryByTestId(testIds.sqlLab.tableIndexes)).toBeNull();
  });
});
