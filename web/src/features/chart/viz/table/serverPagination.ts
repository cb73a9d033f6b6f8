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

/** One sort of Superset's `ownState.sortBy`: the column's name (or metric's label) and its direction. */
export interface TableServerSort {
  id: string;
  key: string;
  desc: boolean;
}

/**
 * Superset's `ownState` of a server-paginated table: the 0-based page and the page size, and,
 * once the reader sorts or searches, the server-side sort (`sortBy`, the core's `orderby`) and
 * search (`searchColumn ILIKE 'searchText%'`).
 */
export interface TableOwnState {
  currentPage: number;
  pageSize: number;
  sortBy?: TableServerSort[];
  searchColumn?: string;
  searchText?: string;
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
  const sortBy = readServerSorts(state.sortBy);
  return {
    currentPage: nonNegativeInteger(state.currentPage) ?? 0,
    pageSize: pageSize > 0 ? pageSize : defaultServerPageSize,
    ...(sortBy.length > 0 ? { sortBy } : {}),
    ...(typeof state.searchColumn === 'string' ? { searchColumn: state.searchColumn } : {}),
    ...(typeof state.searchText === 'string' ? { searchText: state.searchText } : {}),
  };
}

function readServerSorts(value: unknown): TableServerSort[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).flatMap((item): TableServerSort[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, key, desc } = item as Record<string, unknown>;
    const name = typeof key === 'string' ? key : typeof id === 'string' ? id : null;
    return name === null ? [] : [{ id: name, key: name, desc: desc === true }];
  });
}

/**
 * A header click on a server-paginated table (Superset's cycle): unsorted or another column sorts
 * ascending, ascending turns descending, descending clears the sort. The page stays.
 */
export function nextServerSort(ownState: TableOwnState, columnName: string): TableOwnState {
  const { sortBy: current, ...rest } = ownState;
  const sort = current?.[0];
  if (sort?.key !== columnName) return { ...rest, sortBy: [{ id: columnName, key: columnName, desc: false }] };
  return sort.desc ? rest : { ...rest, sortBy: [{ ...sort, desc: true }] };
}

/** A server search (`searchColumn`, `searchText`) starts again from the first page. */
export function withServerSearch(ownState: TableOwnState, searchColumn: string, searchText: string): TableOwnState {
  return { ...ownState, currentPage: 0, searchColumn, searchText };
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
