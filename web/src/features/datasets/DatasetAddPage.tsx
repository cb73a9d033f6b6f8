import { useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { useAllDatabases } from '@/features/databases/api';
import { useSchemas, useTables } from '@/features/sqllab/api';
import { testIds } from '@/testIds';
import { createDataset } from './api';

/** `/dataset/add/`: pick a database, a schema and a table, create the dataset, go to Explore. */
export function DatasetAddPage(): JSX.Element {
  const navigate = useNavigate();
  const databases = useAllDatabases();
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schemas = useSchemas(databaseId);
  const tables = useTables(databaseId, schema);

  const onCreate = async (): Promise<void> => {
    if (databaseId === null || table === null) return;
    setIsCreating(true);
    setFailure(null);
    try {
      const created = await createDataset({ database: databaseId, schema: schema ?? undefined, table_name: table });
      void navigate(`/explore/?datasource_type=table&datasource_id=${created.id}`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <Page data-testid={testIds.datasetAdd.page}>
      <h1>New dataset</h1>
      <Picker>
        <Field>
          <span>Database</span>
          <select
            aria-label="Database"
            data-testid={testIds.datasetAdd.database}
            value={databaseId ?? ''}
            onChange={(event) => {
              // A new database clears the schema and the table (spec 001 section 4).
              setDatabaseId(event.target.value === '' ? null : Number(event.target.value));
              setSchema(null);
              setTable(null);
            }}
          >
            <option value="">Select database or type to search databases</option>
            {(databases.data ?? []).map((database) => (
              <option key={database.id} value={database.id}>
                {database.database_name}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <span>Schema</span>
          <select
            aria-label="Schema"
            data-testid={testIds.datasetAdd.schema}
            value={schema ?? ''}
            disabled={databaseId === null}
            onChange={(event) => {
              setSchema(event.target.value === '' ? null : event.target.value);
              setTable(null);
            }}
          >
            <option value="">Select schema or type to search schemas</option>
            {(schemas.data ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <span>Table</span>
          <select
            aria-label="Table"
            data-testid={testIds.datasetAdd.table}
            value={table ?? ''}
            disabled={schema === null}
            onChange={(event) => setTable(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">Select table or type to search tables</option>
            {(tables.data ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
        </Field>
        <Button
          $variant="primary"
          data-testid={testIds.datasetAdd.create}
          disabled={table === null || isCreating}
          onClick={() => void onCreate()}
        >
          Create dataset and create chart
        </Button>
        {failure !== null && <Failure data-testid={testIds.datasetAdd.error}>{failure}</Failure>}
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

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Failure = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
