/** SQL Lab's dataset calls (spec 002 section 7): a dataset to query, a virtual dataset from a query, get or create. */
import { getJson, postJson, putJson } from '@/api/client';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import type { DatasetPut } from '@/api/generated/DatasetPut';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { DatasetQuerySource } from '@/api/generated/DatasetQuerySource';
import type { DatasetGetOrCreate } from '@/api/generated/DatasetGetOrCreate';
import type { DatasetPost } from '@/api/generated/DatasetPost';
import type { DatasetTableId } from '@/api/generated/DatasetTableId';
import type { IdResult } from '@/api/generated/IdResult';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { risonString } from '@/api/rison';

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
  /** The result's columns, which an overwritten dataset takes (absent: none sent). */
  columns?: readonly { column_name: string; type: string; is_dttm: boolean }[];
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

/**
 * The datasets the user may overwrite with a query: theirs (`owners` holds them), the name
 * containing `search`, as Superset's "Overwrite existing" lists them.
 */
export function overwritableDatasetsPath(userId: number, search: string): string {
  const q = `(filters:!((col:table_name,opr:ct,value:${risonString(search)}),(col:owners,opr:rel_m_m,value:${userId})),order_column:changed_on_delta_humanized,order_direction:asc,page:0,page_size:100)`;
  return `/api/v1/dataset/?q=${encodeURIComponent(q)}`;
}

export async function fetchOverwritableDatasets(userId: number, search: string, signal?: AbortSignal): Promise<DatasetListItem[]> {
  return (await getJson<ListResponse<DatasetListItem>>(overwritableDatasetsPath(userId, search), signal)).result;
}

/**
 * The body of `PUT /api/v1/dataset/{id}?override_columns=true` that overwrites a dataset with the
 * query (Superset's `updateDataset`): its SQL, database, the result's columns and the owners kept.
 */
export function overwriteDatasetPayload(source: VirtualDatasetSource, owners: readonly number[]): DatasetPut {
  return {
    sql: source.sql,
    database_id: source.databaseId,
    columns: (source.columns ?? []).map((column) => ({ column_name: column.column_name, type: column.type, is_dttm: column.is_dttm })),
    owners: [...owners],
  };
}

export async function overwriteDataset(datasetId: number, payload: DatasetPut): Promise<void> {
  await putJson<IdResult<Dataset>>(`/api/v1/dataset/${datasetId}?override_columns=true`, payload);
}
