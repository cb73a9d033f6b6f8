/**
 * The table chart's server pagination (`server_pagination`): the server answers one page of
 * rows (`row_limit` and `row_offset`, built by quiver-core from the chart's own state) and, in
 * the second result, how many rows there are (`[{rowcount: N}]`). The page and page size the
 * reader picks are the chart's own state (Superset's `ownState`, `{currentPage, pageSize}`),
 * sent with the form data as `own_state` for the next query.
 */
import type { ChartFormData, ChartQueryData } from '../chartRendererProps';
import { readFormBoolean, readFormNumber } from '../formDataValues';

/** Spec 000 §9: a table's page size options, and its default page size. */
export const serverPageSizeOptions: readonly number[] = [5, 15, 25, 50, 100];
export const defaultServerPageSize = 15;

/** Superset's `ownState` of a server-paginated table: the 0-based page and the page size. */
export interface TableOwnState {
  currentPage: number;
  pageSize: number;
}

/** Where a server-paginated table stands: its page, its size and every row's count. */
export interface ServerPage extends TableOwnState {
  totalRows: number;
}

function nonNegativeInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The own state the form data carries, else the first page of `server_page_length` (else 15). */
export function readTableOwnState(formData: ChartFormData): TableOwnState {
  const ownState = formData.own_state;
  const state = typeof ownState === 'object' && ownState !== null ? (ownState as Record<string, unknown>) : {};
  const configuredSize = Math.floor(readFormNumber(formData, 'server_page_length', defaultServerPageSize));
  const pageSize = nonNegativeInteger(state.pageSize) ?? (configuredSize > 0 ? configuredSize : defaultServerPageSize);
  return { currentPage: nonNegativeInteger(state.currentPage) ?? 0, pageSize: pageSize > 0 ? pageSize : defaultServerPageSize };
}

/** The row count the second result answers (`rowcount`), or null without one. */
export function readRowCount(queriesData: readonly ChartQueryData[]): number | null {
  const column = queriesData[1]?.columns.find((candidate) => candidate.name === 'rowcount');
  const value = column?.values[0];
  const count = typeof value === 'bigint' ? Number(value) : value;
  return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? count : null;
}

/** The table's server page, or null when the chart is not server-paginated (or has no row count). */
export function readServerPage(formData: ChartFormData, queriesData: readonly ChartQueryData[]): ServerPage | null {
  if (!readFormBoolean(formData, 'server_pagination', false)) return null;
  const totalRows = readRowCount(queriesData);
  return totalRows === null ? null : { ...readTableOwnState(formData), totalRows };
}

/** The page size select's options: the spec's five, with a free-form size slotted in order. */
export function serverPageSizeChoices(pageSize: number): number[] {
  if (serverPageSizeOptions.includes(pageSize)) return [...serverPageSizeOptions];
  return [...serverPageSizeOptions, pageSize].sort((left, right) => left - right);
}
