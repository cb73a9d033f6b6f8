import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListViewState, serializeListViewState, shouldPushHistory, type ListViewDefaults, type ListViewState } from './listViewState';

/** The list state kept in the URL query: a page change pushes a history entry, any other change replaces it. */
export function useListViewUrlState(defaults: ListViewDefaults): [ListViewState, (next: ListViewState) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { sortColumn, sortOrder, viewMode } = defaults;
  const state = useMemo(
    () => parseListViewState(searchParams, { sortColumn, sortOrder, viewMode }),
    [searchParams, sortColumn, sortOrder, viewMode],
  );
  const setState = useCallback(
    (next: ListViewState) => {
      setSearchParams(serializeListViewState(next), { replace: !shouldPushHistory(state, next) });
    },
    [setSearchParams, state],
  );
  return [state, setState];
}
