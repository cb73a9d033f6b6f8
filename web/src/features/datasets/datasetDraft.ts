/**
 * The Edit Dataset dialog's state and the save it sends (spec 001 sections 3 and 5): a draft
 * made from the read dataset, its validation in the spec's words, and the `PUT` payload built
 * from it (empty texts to null, ids only when numeric, certification and warning in `extra`,
 * the catalog only for a database with several catalogs, owners as ids).
 */
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetColumn } from '@/api/generated/DatasetColumn';
import type { DatasetColumnPut } from '@/api/generated/DatasetColumnPut';
import type { DatasetMetric } from '@/api/generated/DatasetMetric';
import type { DatasetMetricPut } from '@/api/generated/DatasetMetricPut';
import type { DatasetPut } from '@/api/generated/DatasetPut';
import type { UserRef } from '@/api/generated/UserRef';
import { emptyToNull, integerError } from './api';

/** What a metric's or column's `extra` holds, as the editor shows it. */
export interface ItemAnnotations {
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
}

/** A metric being edited: a stored one keeps its numeric id, a new one has a text key. */
export interface MetricDraft extends Omit<DatasetMetric, 'id' | 'extra' | 'certified_by' | 'certification_details'>, ItemAnnotations {
  id: number | string;
  /** Keys of the stored `extra` the editor does not show, kept as they were. */
  otherExtra: Record<string, unknown>;
}

/** A column being edited: one of the source, or a calculated one (defined by its expression). */
export interface ColumnDraft extends Omit<DatasetColumn, 'id' | 'extra' | 'warning_markdown'>, ItemAnnotations {
  id: number | string;
  isCalculated: boolean;
  otherExtra: Record<string, unknown>;
}

export interface DatasetDraft {
  table_name: string;
  database: Dataset['database'];
  catalog: string | null;
  schema: string;
  isVirtual: boolean;
  sql: string;
  description: string;
  main_dttm_col: string;
  default_endpoint: string;
  cache_timeout: string;
  offset: string;
  filter_select_enabled: boolean;
  fetch_values_predicate: string;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  is_sqllab_view: boolean;
  template_params: string;
  extra: string;
  is_managed_externally: boolean;
  external_url: string;
  owners: UserRef[];
  metrics: MetricDraft[];
  columns: ColumnDraft[];
}

function objectOf(text: string | null): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `{"certification": {"certified_by", "details"}, "warning_markdown"}` read into the editor's fields. */
export function itemAnnotationsOf(extra: string | null): ItemAnnotations & { otherExtra: Record<string, unknown> } {
  const { certification, warning_markdown: warningMarkdown, ...otherExtra } = objectOf(extra);
  const certificationFields = typeof certification === 'object' && certification !== null ? (certification as Record<string, unknown>) : {};
  return {
    certified_by: textOf(certificationFields.certified_by),
    certification_details: textOf(certificationFields.details),
    warning_markdown: textOf(warningMarkdown),
    otherExtra,
  };
}

/** The `extra` text of a metric or column: certification only when certified, the warning only when written. */
export function itemExtraText(item: ItemAnnotations & { otherExtra: Record<string, unknown> }): string {
  const isCertified = item.certified_by.trim() !== '' || item.certification_details.trim() !== '';
  return JSON.stringify({
    ...item.otherExtra,
    ...(isCertified ? { certification: { certified_by: item.certified_by, details: item.certification_details } } : {}),
    ...(item.warning_markdown.trim() !== '' ? { warning_markdown: item.warning_markdown } : {}),
  });
}

export function datasetDraftOf(dataset: Dataset): DatasetDraft {
  return {
    table_name: dataset.table_name,
    database: dataset.database,
    catalog: dataset.catalog,
    schema: dataset.schema ?? '',
    isVirtual: dataset.kind === 'virtual',
    sql: dataset.sql ?? '',
    description: dataset.description ?? '',
    main_dttm_col: dataset.main_dttm_col ?? '',
    default_endpoint: dataset.default_endpoint ?? '',
    cache_timeout: dataset.cache_timeout === null ? '' : String(dataset.cache_timeout),
    offset: String(dataset.offset),
    filter_select_enabled: dataset.filter_select_enabled,
    fetch_values_predicate: dataset.fetch_values_predicate ?? '',
    normalize_columns: dataset.normalize_columns,
    always_filter_main_dttm: dataset.always_filter_main_dttm,
    is_sqllab_view: dataset.is_sqllab_view,
    template_params: dataset.template_params ?? '',
    extra: dataset.extra ?? '',
    is_managed_externally: dataset.is_managed_externally,
    external_url: dataset.external_url ?? '',
    owners: dataset.owners,
    metrics: dataset.metrics.map((metric) => ({ ...metric, ...itemAnnotationsOf(metric.extra) })),
    columns: dataset.columns.map((column) => ({
      ...column,
      isCalculated: (column.expression ?? '').trim() !== '',
      ...itemAnnotationsOf(column.extra),
    })),
  };
}

let newItemCount = 0;

/** A key for a row added in the editor: text, so it is never sent as an id. */
export function newItemKey(kind: 'metric' | 'column'): string {
  newItemCount += 1;
  return `new-${kind}-${newItemCount}`;
}

const noAnnotations = { certified_by: '', certification_details: '', warning_markdown: '', otherExtra: {} };

export function newMetricDraft(): MetricDraft {
  return {
    id: newItemKey('metric'),
    metric_name: '',
    verbose_name: null,
    description: null,
    expression: '',
    metric_type: null,
    d3format: null,
    currency: null,
    warning_text: null,
    uuid: null,
    ...noAnnotations,
  };
}

export function newCalculatedColumnDraft(): ColumnDraft {
  return {
    id: newItemKey('column'),
    column_name: '',
    verbose_name: null,
    description: null,
    type: null,
    type_generic: null,
    is_dttm: false,
    is_active: true,
    groupby: true,
    filterable: true,
    expression: '',
    python_date_format: null,
    advanced_data_type: null,
    uuid: null,
    isCalculated: true,
    ...noAnnotations,
  };
}

/** Spec 001 section 3: the id goes only when it is a stored (numeric) one. */
function numericId(id: number | string): { id?: number } {
  return typeof id === 'number' ? { id } : {};
}

function optionalText(value: string | null): string | undefined {
  return value === null ? undefined : value;
}

export function metricPutOf(metric: MetricDraft): DatasetMetricPut {
  return {
    ...numericId(metric.id),
    metric_name: metric.metric_name,
    expression: metric.expression,
    metric_type: optionalText(metric.metric_type),
    verbose_name: optionalText(metric.verbose_name),
    description: optionalText(metric.description),
    // Spec 001 section 3: an empty d3format is sent as null.
    d3format: emptyToNull(metric.d3format),
    currency: metric.currency ?? undefined,
    warning_text: optionalText(metric.warning_text),
    uuid: optionalText(metric.uuid),
    extra: itemExtraText(metric),
  };
}

export function columnPutOf(column: ColumnDraft): DatasetColumnPut {
  return {
    ...numericId(column.id),
    column_name: column.column_name,
    type: optionalText(column.type),
    advanced_data_type: optionalText(column.advanced_data_type),
    verbose_name: optionalText(column.verbose_name),
    description: optionalText(column.description),
    expression: optionalText(column.expression),
    filterable: column.filterable,
    groupby: column.groupby,
    is_active: column.is_active,
    is_dttm: column.is_dttm,
    // Spec 001 section 3: an empty python_date_format is sent as null.
    python_date_format: emptyToNull(column.python_date_format),
    uuid: optionalText(column.uuid),
    extra: itemExtraText(column),
  };
}

/** `PUT /api/v1/dataset/{id}`'s payload (spec 001 section 3). */
export function datasetPutOf(draft: DatasetDraft): DatasetPut {
  return {
    table_name: draft.table_name,
    database_id: draft.database.id,
    sql: draft.isVirtual ? draft.sql : '',
    filter_select_enabled: draft.filter_select_enabled,
    fetch_values_predicate: draft.fetch_values_predicate,
    // Spec 001 sections 3 and 5: the catalog only for a database that allows several.
    ...(draft.database.allow_multi_catalog ? { catalog: draft.catalog ?? '' } : {}),
    schema: draft.schema,
    description: draft.description,
    main_dttm_col: draft.main_dttm_col,
    normalize_columns: draft.normalize_columns,
    always_filter_main_dttm: draft.always_filter_main_dttm,
    offset: emptyToNull(draft.offset),
    default_endpoint: draft.default_endpoint,
    cache_timeout: emptyToNull(draft.cache_timeout),
    is_sqllab_view: draft.is_sqllab_view,
    template_params: draft.template_params,
    extra: draft.extra,
    is_managed_externally: draft.is_managed_externally,
    external_url: draft.external_url,
    owners: draft.owners.map((owner) => owner.id),
    metrics: draft.metrics.map(metricPutOf),
    columns: draft.columns.map(columnPutOf),
  };
}

/** `override_columns`: true when the SQL changed (spec 001 section 7). */
export function sqlChanged(dataset: Dataset, draft: DatasetDraft): boolean {
  const saved = (dataset.sql ?? '').trim();
  const edited = draft.isVirtual ? draft.sql.trim() : '';
  return saved !== edited;
}

function isJsonOrEmpty(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The editor's errors, each naming its field; Save is disabled while there are any. */
export function draftValidationErrors(draft: DatasetDraft): string[] {
  const errors: string[] = [];
  const integerFields: [string, string][] = [
    ['Cache timeout', draft.cache_timeout],
    ['Hours offset', draft.offset],
  ];
  for (const [label, value] of integerFields) {
    const error = integerError(value);
    if (error !== null) errors.push(`${label} ${error}`);
  }
  if (draft.isVirtual && draft.sql.trim() === '') errors.push('A virtual dataset needs a SQL query');
  if (!isJsonOrEmpty(draft.template_params)) errors.push('Template parameters must be valid JSON');
  if (!isJsonOrEmpty(draft.extra)) errors.push('Extra must be valid JSON');
  const metricNames = new Set<string>();
  draft.metrics.forEach((metric, index) => {
    const name = metric.metric_name.trim();
    if (name === '') errors.push(`Metric ${index + 1} needs a name`);
    if (metric.expression.trim() === '') errors.push(`Metric ${name || index + 1} needs a SQL expression`);
    if (name !== '' && metricNames.has(name)) errors.push(`Metric name [${name}] is duplicated`);
    metricNames.add(name);
  });
  const columnNames = new Set<string>();
  draft.columns.forEach((column, index) => {
    const name = column.column_name.trim();
    if (name === '') errors.push(`Column ${index + 1} needs a name`);
    if (name !== '' && columnNames.has(name)) errors.push(`Column name [${name}] is duplicated`);
    if (column.isCalculated && (column.expression ?? '').trim() === '') errors.push(`Calculated column [${name}] requires an expression`);
    columnNames.add(name);
  });
  return errors;
}
