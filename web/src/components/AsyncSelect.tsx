import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import { genericErrorMessage } from '@/api/errors';
import { Select, type SelectOption, type SelectProps } from './Select';
import { selectPageSize, slowSearchDebounceMs } from './selectLimits';
import { useDebouncedValue } from './useDebouncedValue';

/** One page of options and how many options match the search in all. */
export interface SelectOptionsPage {
  options: SelectOption[];
  totalCount: number;
}

export interface SelectOptionsPageRequest {
  search: string;
  /** 0 for the first page. */
  page: number;
  pageSize: number;
  signal: AbortSignal;
}

/** Loads one page of options for a search, as `related/{column}?q=(filter,page,page_size)` does. */
export type FetchSelectOptionsPage = (request: SelectOptionsPageRequest) => Promise<SelectOptionsPage>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The select's own loading props, which AsyncSelect fills in. */
type LoadingProps = 'options' | 'isLoading' | 'loadError' | 'filtersOptionsBySearch' | 'onLoadMore' | 'onSearchChange' | 'onOpenChange';

export type AsyncSelectProps = DistributiveOmit<SelectProps, LoadingProps> & {
  /** Names the option source in React Query's cache; the search and the page are added to it. */
  queryKey: QueryKey;
  fetchPage: FetchSelectOptionsPage;
  /** The slow debounce (500 ms) for a server search; the fast one (250 ms) when the browser searches. */
  searchDebounceMs?: number;
  /** Told the message of a failed load, which the list shows too (spec 000 section 8). */
  onLoadError?: (message: string) => void;
  /**
   * Options known before any load (the chosen values of a saved object, with their labels): they
   * name the chosen values at once and stay listed first, as OwnersSelect's chosen owners do.
   */
  knownOptions?: readonly SelectOption[];
};

function loadedOptionCount(pages: readonly SelectOptionsPage[]): number {
  return pages.reduce((count, page) => count + page.options.length, 0);
}

/** Every option of the empty search is loaded: searching then filters them without asking again. */
function isFullList(data: InfiniteData<SelectOptionsPage> | undefined): boolean {
  const lastPage = data?.pages.at(-1);
  return data !== undefined && lastPage !== undefined && (lastPage.options.length === 0 || loadedOptionCount(data.pages) >= lastPage.totalCount);
}

function loadErrorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : genericErrorMessage;
}

/**
 * A select whose options are loaded when it opens, 100 at a time: the next page when the list is
 * scrolled to its end, the first page again for each search once typing pauses. Once the empty
 * search has loaded every option, searching filters those in the browser, as Superset's does.
 * The options are cached per `queryKey`, so another source (another column) starts afresh.
 */
export function AsyncSelect(props: AsyncSelectProps): JSX.Element {
  const { queryKey, fetchPage, searchDebounceMs = slowSearchDebounceMs, onLoadError, knownOptions, ...selectProps } = props;
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const queryClient = useQueryClient();
  const optionsKey = (forSearch: string): QueryKey => [...queryKey, 'selectOptions', forSearch];
  const hasFullList = isFullList(queryClient.getQueryData<InfiniteData<SelectOptionsPage>>(optionsKey('')));
  // Clearing the search shows every option at once; only typing waits.
  const searchToLoad = hasFullList || search.trim() === '' ? '' : debouncedSearch;

  const query = useInfiniteQuery({
    queryKey: optionsKey(searchToLoad),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await fetchPage({ search: searchToLoad, page: pageParam, pageSize: selectPageSize, signal });
      } catch (error) {
        if (!signal.aborted) onLoadError?.(loadErrorMessage(error));
        throw error;
      }
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.options.length > 0 && loadedOptionCount(pages) < lastPage.totalCount ? pages.length : undefined,
    enabled: isOpen,
    retry: false,
    staleTime: 60_000,
  });

  const options = useMemo(() => {
    const loaded = query.data?.pages.flatMap((page) => page.options) ?? [];
    const seen = new Set<string>();
    return [...(knownOptions ?? []), ...loaded].filter((option) => !seen.has(option.value) && seen.add(option.value));
  }, [query.data, knownOptions]);
  const isLoading = query.isLoading || query.isFetchingNextPage;
  const loadError = query.isError ? loadErrorMessage(query.error) : null;

  return (
    <Select
      {...selectProps}
      options={options}
      isLoading={isLoading}
      loadError={loadError}
      filtersOptionsBySearch={hasFullList}
      onLoadMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
      onSearchChange={setSearch}
      onOpenChange={setIsOpen}
    />
  );
}
