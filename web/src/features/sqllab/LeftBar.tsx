import { useEffect, useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import type { TableOption } from '@/api/generated/TableOption';
import { testIds } from '@/testIds';
import { useTableMetadata, useTables } from './api';
import { columnKeyIcons, columnKeys } from './columnKeys';
import { DatabasePicker } from './DatabasePicker';
import { pickerMessages, showsCatalogSelect, type PickerSelection } from './databasePicker';
import type { SqlLabTable } from './sqlLabTables';

/** Spec 001 section 8's toast text, also shown in the bar. */
export const schemasLoadError = pickerMessages.schemasFailed;

export interface LeftBarProps {
  databases: readonly DatabaseListItem[];
  /** The editor's database, catalog and schema. */
  selection: PickerSelection;
  onSelectionChange: (changes: Partial<PickerSelection>) => void;
  onTablesLoaded: (tables: readonly TableOption[]) => void;
  /** The tables added to this editor (spec 002 section 3). */
  editorTables: readonly SqlLabTable[];
  /** A table of the schema was picked: it is added to the editor (and previewed). */
  onAddTable: (name: string) => void;
  onExpandTable: (tableId: string, expanded: boolean) => void;
  onRemoveTable: (tableId: string) => void;
}

/**
 * The schema browser: the database picker, table search; a picked table is added to the editor
 * and listed below with its columns, types and keys (collapsible, removable).
 */
export function LeftBar({
  databases,
  selection,
  onSelectionChange,
  onTablesLoaded,
  editorTables,
  onAddTable,
  onExpandTable,
  onRemoveTable,
}: LeftBarProps): JSX.Element {
  const database = databases.find((candidate) => candidate.id === selection.dbId) ?? null;
  const catalog = showsCatalogSelect(database) ? selection.catalog : null;
  const tables = useTables(selection.dbId, selection.schema, catalog);
  const [search, setSearch] = useState('');

  const tableList = tables.data;
  useEffect(() => {
    onTablesLoaded(tableList ?? []);
  }, [tableList, onTablesLoaded]);

  const shownTables = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (tableList ?? []).filter((table) => table.value.toLowerCase().includes(needle));
  }, [tableList, search]);

  return (
    <Bar aria-label="Schema browser" data-testid={testIds.sqlLab.leftBar}>
      <DatabasePicker databases={databases} selection={selection} onChange={onSelectionChange} />
      <Search
        type="search"
        aria-label="Search tables"
        placeholder="Search tables"
        value={search}
        data-testid={testIds.sqlLab.tableSearch}
        onChange={(event) => setSearch(event.target.value)}
      />
      {tables.isError && <ErrorText role="alert">{errorMessage(tables.error)}</ErrorText>}
      <TableList aria-label="Tables of the schema">
        {shownTables.map((table) => (
          <li key={table.value}>
            <TableButton
              type="button"
              data-testid={testIds.sqlLab.tableItem}
              data-table={table.value}
              title="Add the table to the editor and preview it"
              onClick={() => onAddTable(table.value)}
            >
              {table.type === 'view' ? '◫' : '▦'} {table.value}
            </TableButton>
          </li>
        ))}
      </TableList>
      {editorTables.length > 0 && (
        <EditorTables aria-label="Tables of the editor">
          {editorTables.map((table) => (
            <li key={table.id} data-testid={testIds.sqlLab.editorTable} data-table={table.name} aria-expanded={table.expanded}>
              <TableHeader>
                <TableButton
                  type="button"
                  data-testid={testIds.sqlLab.editorTableToggle}
                  aria-label={`${table.expanded ? 'Collapse' : 'Expand'} ${table.name}`}
                  onClick={() => onExpandTable(table.id, !table.expanded)}
                >
                  {table.expanded ? '▾' : '▸'} {table.schema}.{table.name}
                </TableButton>
                <IconButton
                  type="button"
                  data-testid={testIds.sqlLab.editorTableRemove}
                  aria-label={`Remove ${table.name}`}
                  title="Remove table preview"
                  onClick={() => onRemoveTable(table.id)}
                >
                  ×
                </IconButton>
              </TableHeader>
              {table.expanded && <TableColumns databaseId={table.dbId} catalog={table.catalog ?? null} schema={table.schema} table={table.name} />}
            </li>
          ))}
        </EditorTables>
      )}
    </Bar>
  );
}

/** An expanded table: its columns with their types and key icons (primary key, foreign keys, indexes). */
function TableColumns({
  databaseId,
  catalog,
  schema,
  table,
}: {
  databaseId: number;
  catalog: string | null;
  schema: string;
  table: string;
}): JSX.Element {
  const metadata = useTableMetadata(databaseId, schema, table, catalog);
  if (metadata.isPending) return <Muted>Loading…</Muted>;
  if (metadata.isError) return <ErrorText role="alert">{errorMessage(metadata.error)}</ErrorText>;
  return (
    <>
    <Columns>
      {metadata.data.columns.map((column) => (
        <li key={column.name} data-testid={testIds.sqlLab.tableColumn} data-column={column.name}>
          <span>
            {columnKeys(metadata.data, column.name).map((key) => (
              <KeyIcon key={`${key.type}:${key.title}`} data-testid={testIds.sqlLab.tableKey} data-key-type={key.type} title={key.title} aria-label={key.title}>
                {columnKeyIcons[key.type]}
              </KeyIcon>
            ))}
            {column.name}
          </span>
          <Muted>{column.type}</Muted>
        </li>
      ))}
    </Columns>
    <TableIndexes indexes={metadata.data.indexes} />
    </>
  );
}

/** An expanded table's indexes (Superset's table element lists them under the columns): name, columns, unique. */
function TableIndexes({ indexes }: { indexes: TableMetadata['indexes'] }): JSX.Element | null {
  if (indexes.length === 0) return null;
  return (
    <section aria-label="Indexes" data-testid={testIds.sqlLab.tableIndexes}>
      <SectionTitle>Indexes</SectionTitle>
      <Columns>
        {indexes.map((index, position) => (
          <li key={index.name ?? `index-${position}`} data-testid={testIds.sqlLab.tableIndex} data-index={index.name ?? ''}>
            <span>
              <KeyIcon aria-hidden>{columnKeyIcons.index}</KeyIcon>
              {index.name ?? 'Index'}
            </span>
            <Muted>
              {index.column_names.join(', ')}
              {index.unique ? ' (unique)' : ''}
            </Muted>
          </li>
        ))}
      </Columns>
    </section>
  );
}

const SectionTitle = styled.h4`
  margin: 0 0 ${({ theme }) => theme.gridUnit}px ${({ theme }) => theme.gridUnit * 4}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const KeyIcon = styled.span`
  margin-right: ${({ theme }) => theme.gridUnit}px;
  cursor: help;
`;

const Bar = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  width: 260px;
  min-width: 200px;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow: auto;
`;

const Search = styled.input`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const TableList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const TableButton = styled.button`
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
`;

const EditorTables = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  list-style: none;
`;

const TableHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const IconButton = styled.button`
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const Columns = styled.ul`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 2}px;
  padding-left: ${({ theme }) => theme.gridUnit * 4}px;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.s}px;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.gridUnit * 2}px;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
