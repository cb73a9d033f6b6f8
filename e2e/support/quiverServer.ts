import type { APIRequestContext } from '@playwright/test';

export const adminUsername = 'admin';
export const adminPassword = process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';

interface DatasetListAnswer {
  count: number;
  result: { id: number; table_name: string }[];
}

/** The id of the dataset named `tableName`, through the list API with the page's session. */
export async function findDatasetId(request: APIRequestContext, tableName: string): Promise<number> {
  const filter = `(filters:!((col:table_name,opr:eq,value:${tableName})))`;
  const response = await request.get(`/api/v1/dataset/?q=${encodeURIComponent(filter)}`);
  if (!response.ok()) throw new Error(`dataset list answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as DatasetListAnswer;
  const dataset = answer.result.find((item) => item.table_name === tableName);
  if (dataset === undefined) throw new Error(`no dataset named ${tableName} among ${answer.count}`);
  return dataset.id;
}
