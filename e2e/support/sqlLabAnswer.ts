import type { APIRequestContext } from '@playwright/test';
import { tableFromIPC, type Table } from 'apache-arrow';

/** The content type of SQL Lab's Arrow answer (decision 0031). */
export const sqlLabArrowContentType = 'application/vnd.apache.arrow.stream';

/** The parts of a run's meta the tests read. */
export interface SqlLabAnswerMeta {
  status: string;
  columns: { name: string }[];
}

/** SQL Lab's JSON answer (Superset's shape), as far as the tests read it. */
export interface SqlLabJsonAnswer extends SqlLabAnswerMeta {
  data: Record<string, unknown>[];
}

interface DatabaseList {
  result: { id: number; database_name: string }[];
}

/** Runs SQL on the examples through the API with the page's session, answered as JSON. */
export async function executeAsJson(request: APIRequestContext, sql: string): Promise<SqlLabJsonAnswer> {
  const databases = (await (await request.get('/api/v1/database/')).json()) as DatabaseList;
  const examples = databases.result.find((database) => database.database_name === 'examples');
  if (examples === undefined) throw new Error('no examples database');
  const { result: csrfToken } = (await (await request.get('/api/v1/security/csrf_token/')).json()) as { result: string };
  const response = await request.post('/api/v1/sqllab/execute/', {
    data: { database_id: examples.id, sql, queryLimit: 1000 },
    headers: { 'X-CSRFToken': csrfToken, Accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`execute answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as SqlLabJsonAnswer;
}

/** SQL Lab's Arrow answer: its table, and the run's meta from the schema metadata `quiver:result`. */
export function readSqlLabAnswer(body: Buffer): { meta: SqlLabAnswerMeta; table: Table } {
  const table = tableFromIPC(new Uint8Array(body));
  const metaJson = table.schema.metadata.get('quiver:result');
  if (metaJson === undefined) throw new Error('the Arrow answer has no "quiver:result" metadata');
  return { meta: JSON.parse(metaJson) as SqlLabAnswerMeta, table };
}
