/** SQL Lab's dataset calls (spec 002 section 7): a dataset to query, a virtual dataset from a query, get or create. */
import { getJson, postJson } from '@/api/client';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetQuerySource } from '@/api/generated/DatasetQuerySource';
import type { DatasetGetOrCreate } from '@/api/generated/DatasetGetOrCreate';
import type { DatasetPost } from '@/api/generated/DatasetPost';
import type { DatasetTableId } from '@/api/generated/DatasetTableId';
import type { IdResult } from '@/api/generated/IdResult';
import type { ResultResponse } from '@/api/generated/ResultResponse';

/**
 * Spec 002 section 7's read of a dataset to query it in SQL Lab:
 * `GET /api/v1/dataset/{id}?q=(keys:!(none),columns:!(name,schema,database.id,select_star))`.
 */
export function datasetQuerySourcePath(datasetId: number): string {
  return `/api/v1/dataset/${datasetId}?q=${encodeURIComponent('(keys:!(none),columns:!(name,schema,database.id,select_star))')}`;
}

export async function fetchDatasetQuerySource(datasetId: number): Promise<DatasetQuerySource> {
  return (await getJson<IdResult<DatasetQuerySource>>(datasetQuerySourcePath(datasetId))).result;
}

/** The query a dataset is made from. */
export interface VirtualDatasetSource {
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  templateParams: string | null;
}

/** The body of `POST /api/v1/dataset/` for a query (Superset's `createDatasource` fields). */
export function virtualDatasetPayload(source: VirtualDatasetSource, tableName: string): DatasetPost {
  return {
    database: source.databaseId,
    catalog: source.catalog ?? undefined,
    schema: source.schema ?? undefined,
    sql: source.sql,
    table_name: tableName,
    is_managed_externally: false,
    template_params: source.templateParams ?? undefined,
  };
}

/** Creates the virtual dataset; answers its id. */
export async function createVirtualDataset(source: VirtualDatasetSource, tableName: string): Promise<number> {
  return (await postJson<IdResult<Dataset>>('/api/v1/dataset/', virtualDatasetPayload(source, tableName))).id;
}

/** `POST /api/v1/dataset/get_or_create/`: the id of a table's dataset, made when missing. */
export async function getOrCreateDataset(payload: DatasetGetOrCreate): Promise<number> {
  return (await postJson<ResultResponse<DatasetTableId>>('/api/v1/dataset/get_or_create/', payload)).result.table_id;
}

export function exploreDatasetPath(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}
