import { useCallback, useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import type { DatasetPost } from '@/api/generated/DatasetPost';
import { Button } from '@/components/Button';
import { FormError, FormField } from '@/components/formFields';
import { LabeledTextField } from '@/components/LabeledTextField';
import { useAllDatabases } from '@/features/databases/api';
import { useTables } from '@/features/sqllab/api';
import { DatabasePicker } from '@/features/sqllab/DatabasePicker';
import { showsCatalogSelect, type PickerSelection } from '@/features/sqllab/databasePicker';
import { testIds } from '@/testIds';
import { createDataset } from './api';

type DatasetSource = 'table' | 'sql';

/**
 * `POST /api/v1/dataset/`'s payload from the page: a table of the chosen database, catalog (only
 * for a database with several) and schema, or a named SQL query (a virtual dataset).
 */
export function datasetPostOf(
  selection: PickerSelection,
  isMultiCatalog: boolean,
  source: DatasetSource,
  table: string | null,
  name: string,
  sql: string,
): DatasetPost | null {
  if (selection.dbId === null) return null;
  const place = {
    database: selection.dbId,
    ...(isMultiCatalog && selection.catalog !== null ? { catalog: selection.catalog } : {}),
    ...(selection.schema !== null ? { schema: selection.schema } : {}),
  };
  if (source === 'table') return table === null ? null : { ...place, table_name: table };
  return name.trim() === '' || sql.trim() === '' ? null : { ...place, table_name: name.trim(), sql };
}

/** `/dataset/add/`: a dataset from a table (database, catalog, schema, table) or from SQL; then Explore opens on it. */
export function DatasetAddPage(): JSX.Element {
  const navigate = useNavigate();
  const databases = useAllDatabases();
  const [selection, setSelection] = useState<PickerSelection>({ dbId: null, catalog: null, schema: null });
  const [source, setSource] = useState<DatasetSource>('table');
  const [table, setTable] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [sql, setSql] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const database = (databases.data ?? []).find((candidate) => candidate.id === selection.dbId) ?? null;
  const isMultiCatalog = showsCatalogSelect(database);
  const tables = useTables(selection.dbId, selection.schema, isMultiCatalog ? selection.catalog : null);
  const post = datasetPostOf(selection, isMultiCatalog, source, table, name, sql);

  const changeSelection = useCallback((changes: Partial<PickerSelection>) => {
    setSelection((current) => ({ ...current, ...changes }));
    // Another database, catalog or schema holds other tables.
    setTable(null);
  }, []);

  const onCreate = async (): Promise<void> => {
    if (post === null) return;
    setIsCreating(true);
    setFailure(null);
    try {
      const created = await createDataset(post);
      void navigate(`/explore/?datasource_type=table&datasource_id=${created.id}`);
    } catch (error) {
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s".
      setFailure(createFailedMessage('datasets', errorMessage(error)));
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <Page data-testid={testIds.datasetAdd.page}>
      <h1>New dataset</h1>
      <Picker>
        <DatabasePicker databases={databases.data ?? []} selection={selection} onChange={changeSelection} />
        <div role="radiogroup" aria-label="Dataset source">
          <label>
            <input type="radio" name="dataset-add-source" data-testid={testIds.datasetAdd.modeTable} checked={source === 'table'} onChange={() => setSource('table')} />
            From a table
          </label>
          <label>
            <input type="radio" name="dataset-add-source" data-testid={testIds.datasetAdd.modeSql} checked={source === 'sql'} onChange={() => setSource('sql')} />
            From SQL
          </label>
        </div>
        {source === 'table' ? (
          <FormField>
            <span>Table</span>
            <select
              aria-label="Table"
              data-testid={testIds.datasetAdd.table}
              value={table ?? ''}
              disabled={selection.schema === null}
              onChange={(event) => setTable(event.target.value === '' ? null : event.target.value)}
            >
              <option value="">Select table or type to search tables</option>
              {(tables.data ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <>
            <LabeledTextField label="Dataset name" testId={testIds.datasetAdd.name} value={name} onChange={setName} />
            <FormField>
              <span>SQL</span>
              <textarea aria-label="SQL" rows={8} data-testid={testIds.datasetAdd.sql} value={sql} onChange={(event) => setSql(event.target.value)} />
            </FormField>
          </>
        )}
        <Button $variant="primary" data-testid={testIds.datasetAdd.create} disabled={post === null || isCreating} onClick={() => void onCreate()}>
          Create dataset and create chart
        </Button>
        {failure !== null && <FormError data-testid={testIds.datasetAdd.error}>{failure}</FormError>}
      </Picker>
    </Page>
  );
}

const Page = styled.main`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Picker = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  max-width: 420px;
`;
