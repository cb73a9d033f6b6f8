import { describe, expect, it } from 'vitest';
import { mergeTable, parseStoredTables, removeTable, saveTables, setTableExpanded, tableFromServer, tableSchemaBody, tableSouthTab, tablesStorageKey, updateTable, type SqlLabTable } from './sqlLabTables';

function table(id: string, name: string, queryEditorId = 'e1', expanded = true): SqlLabTable {
  return { id, queryEditorId, dbId: 1, schema: 'main', name, expanded };
}

describe('SQL Lab tables', () => {
  it('adds a table expanded, or merges the same table of the editor as expanded', () => {
    const added = mergeTable([], { ...table('1', 'birth_names'), expanded: false });
    expect(added).toEqual([table('1', 'birth_names')]);
    const collapsed = setTableExpanded(added, '1', false);
    expect(collapsed[0]?.expanded).toBe(false);
    const merged = mergeTable(collapsed, table('2', 'birth_names'));
    expect(merged).toEqual([table('1', 'birth_names')]);
    // The same name in another editor is another table.
    expect(mergeTable(merged, table('3', 'birth_names', 'e2'))).toHaveLength(2);
  });

  it('moves the active south tab to another table of the editor, or to Results, on removal', () => {
    const tables = [table('1', 'a'), table('2', 'b', 'e2'), table('3', 'c'), table('4', 'd')];
    const first = removeTable(tables, '3', tableSouthTab('3'));
    expect(first.tables.map((t) => t.id)).toEqual(['1', '2', '4']);
    expect(first.activeSouthTab).toBe(tableSouthTab('1'));
    // Not the active tab: the active tab stays.
    expect(removeTable(tables, '3', 'history').activeSouthTab).toBe('history');
    expect(removeTable(tables, '3', tableSouthTab('4')).activeSouthTab).toBe(tableSouthTab('4'));
    // The editor's last table: Results.
    expect(removeTable(tables, '2', tableSouthTab('2')).activeSouthTab).toBe('results');
  });

  it('reads server entries and stored tables', () => {
    expect(
      tableFromServer({ id: 5, tab_state_id: 9, database_id: 1, catalog: null, schema: 'main', table: 'flights', description: null, expanded: false }),
    ).toEqual({ id: '5', queryEditorId: '9', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: false });
    expect(tableFromServer({ id: 5, tab_state_id: 9, database_id: 1, catalog: null, schema: null, table: 't', description: null, expanded: true })).toBeNull();
    // The description the client posted gives back the preview's run and `initialized`; other shapes are ignored.
    const described = { id: 5, tab_state_id: 9, database_id: 1, catalog: null, schema: 'main', table: 'flights', expanded: true };
    expect(tableFromServer({ ...described, description: { dataPreviewQueryId: 'preview0001', initialized: true } })).toMatchObject({
      dataPreviewQueryId: 'preview0001',
      initialized: true,
    });
    const ignored = tableFromServer({ ...described, description: { dataPreviewQueryId: 7, initialized: 'yes' } });
    expect(ignored).not.toHaveProperty('dataPreviewQueryId');
    expect(ignored).not.toHaveProperty('initialized');
    // The body posted to `/tableschemaview/`: the table's fields, the preview's when it has them.
    expect(tableSchemaBody({ ...table('1', 'a'), dataPreviewQueryId: 'preview0001', initialized: true }, 9)).toEqual({
      queryEditorId: 9,
      dbId: table('1', 'a').dbId,
      catalog: undefined,
      schema: table('1', 'a').schema,
      name: 'a',
      expanded: table('1', 'a').expanded,
      dataPreviewQueryId: 'preview0001',
      initialized: true,
    });
    expect(tableSchemaBody({ ...table('1', 'a'), dataPreviewQueryId: null }, 9)).not.toHaveProperty('dataPreviewQueryId');
    expect(parseStoredTables(JSON.stringify([table('1', 'a'), { id: 2 }]))).toEqual([table('1', 'a')]);
    expect(parseStoredTables('nope')).toEqual([]);
    expect(parseStoredTables(null)).toEqual([]);
  });

  it('keeps dataPreviewQueryId and initialized with the table in browser storage; invalid ones are not read', () => {
    const tables = updateTable([table('1', 'a'), table('2', 'b')], '1', { dataPreviewQueryId: 'run00000009', initialized: true });
    expect(tables[0]).toMatchObject({ dataPreviewQueryId: 'run00000009', initialized: true });
    expect(tables[1]?.initialized).toBeUndefined();
    const storage = window.localStorage;
    storage.clear();
    saveTables(storage, tables);
    expect(parseStoredTables(storage.getItem(tablesStorageKey))).toEqual(tables);
    const invalid = JSON.stringify([{ ...table('3', 'c'), dataPreviewQueryId: 12 }, { ...table('4', 'd'), initialized: 'yes' }, table('5', 'e')]);
    expect(parseStoredTables(invalid).map((each) => each.id)).toEqual(['5']);
  });
});
