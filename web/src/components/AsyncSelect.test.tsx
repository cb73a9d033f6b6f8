import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { AsyncSelect, type FetchSelectOptionsPage, type SelectOptionsPageRequest } from './AsyncSelect';
import { fastSearchDebounceMs, slowSearchDebounceMs } from './selectLimits';
import { listedOptionCount, scrollListToEnd } from './selectListTesting';

/** A server of 250 names, `name 0` to `name 249`, answering pages of a search like `related/{column}`. */
function pagedServer(count = 250): Mock<FetchSelectOptionsPage> {
  const names = Array.from({ length: count }, (_, index) => `name ${index}`);
  return vi.fn(({ search, page, pageSize }: SelectOptionsPageRequest) => {
    const matching = names.filter((name) => name.includes(search));
    const options = matching.slice(page * pageSize, (page + 1) * pageSize).map((name) => ({ value: name, label: name }));
    return Promise.resolve({ options, totalCount: matching.length });
  });
}

interface HarnessProps {
  fetchPage: FetchSelectOptionsPage;
  source?: string;
  searchDebounceMs?: number;
  onLoadError?: (message: string) => void;
}

function Harness({ fetchPage, source = 'owners', searchDebounceMs, onLoadError }: HarnessProps): JSX.Element {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <AsyncSelect
        mode="multiple"
        ariaLabel="Owners"
        queryKey={['test', source]}
        fetchPage={fetchPage}
        searchDebounceMs={searchDebounceMs}
        value={values}
        onLoadError={onLoadError}
        onChange={setValues}
      />
      <output data-testid="chosen">{values.join('|')}</output>
    </>
  );
}

/** The requests made so far, without their abort signals. */
function requests(fetchPage: Mock<FetchSelectOptionsPage>): Omit<SelectOptionsPageRequest, 'signal'>[] {
  return fetchPage.mock.calls.map(([{ search, page, pageSize }]) => ({ search, page, pageSize }));
}

describe('AsyncSelect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads nothing until it opens, then the first 100 options', async () => {
    const fetchPage = pagedServer();
    renderWithTheme(<Harness fetchPage={fetchPage} />);
    expect(fetchPage).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'name 0' })).toBeTruthy();
    expect(listedOptionCount(screen.getByRole('listbox'))).toBe(100);
    expect(requests(fetchPage)).toEqual([{ search: '', page: 0, pageSize: 100 }]);
  });

  it('loads the next page of 100 when the list is scrolled to its end, until all are loaded', async () => {
    const fetchPage = pagedServer();
    renderWithTheme(<Harness fetchPage={fetchPage} />);
    fireEvent.focus(screen.getByRole('combobox'));
    await screen.findByRole('option', { name: 'name 0' });
    scrollListToEnd(screen.getByRole('listbox'));
    await waitFor(() => expect(listedOptionCount(screen.getByRole('listbox'))).toBe(200));
    scrollListToEnd(screen.getByRole('listbox'));
    await waitFor(() => expect(listedOptionCount(screen.getByRole('listbox'))).toBe(250));
    scrollListToEnd(screen.getByRole('listbox'));
    expect(await screen.findByRole('option', { name: 'name 249' })).toBeTruthy();
    expect(requests(fetchPage).map((request) => request.page)).toEqual([0, 1, 2]);
  });

  it('"Select All" chooses the loaded options', async () => {
    const fetchPage = pagedServer();
    renderWithTheme(<Harness fetchPage={fetchPage} />);
    fireEvent.focus(screen.getByRole('combobox'));
    await screen.findByRole('option', { name: 'name 0' });
    fireEvent.click(screen.getByTestId(testIds.select.selectAll));
    expect(screen.getByTestId('chosen').textContent.split('|')).toHaveLength(100);
    expect(screen.getByTestId(testIds.select.moreTags).textContent).toBe('+ 96 ...');
  });

  it('asks the server once typing pauses for the slow debounce (500 ms)', async () => {
    vi.useFakeTimers();
    const fetchPage = pagedServer();
    renderWithTheme(<Harness fetchPage={fetchPage} />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.change(combobox, { target: { value: 'name 1' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(combobox, { target: { value: 'name 12' } });
    await act(() => vi.advanceTimersByTimeAsync(slowSearchDebounceMs - 1));
    expect(requests(fetchPage).map((request) => request.search)).toEqual(['']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests(fetchPage).map((request) => request.search)).toEqual(['', 'name 12']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['name 12', 'name 120', 'name 121', 'name 122', 'name 123', 'name 124', 'name 125', 'name 126', 'name 127', 'name 128', 'name 129']);
  });

  it('waits for the fast debounce (250 ms) when the browser searches', async () => {
    vi.useFakeTimers();
    const fetchPage = pagedServer();
    renderWithTheme(<Harness fetchPage={fetchPage} searchDebounceMs={fastSearchDebounceMs} />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.change(combobox, { target: { value: 'name 24' } });
    await act(() => vi.advanceTimersByTimeAsync(fastSearchDebounceMs - 1));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests(fetchPage).map((request) => request.search)).toEqual(['', 'name 24']);
  });

  it('searches a fully loaded list in the browser, without asking again', async () => {
    const fetchPage = pagedServer(30);
    renderWithTheme(<Harness fetchPage={fetchPage} />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    expect(await screen.findByRole('option', { name: 'name 0' })).toBeTruthy();
    expect(listedOptionCount(screen.getByRole('listbox'))).toBe(30);
    fireEvent.change(combobox, { target: { value: 'name 2' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['name 2', ...Array.from({ length: 10 }, (_, index) => `name ${20 + index}`)]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('loads afresh for another source, and reuses the cached options of a source', async () => {
    const owners = pagedServer(3);
    const creators = vi.fn<FetchSelectOptionsPage>(() => Promise.resolve({ options: [{ value: '7', label: 'Ada' }], totalCount: 1 }));
    function SourceHarness(): JSX.Element {
      const [source, setSource] = useState('owners');
      return (
        <>
          <button type="button" onClick={() => setSource(source === 'owners' ? 'creators' : 'owners')}>
            Switch
          </button>
          <Harness key={source} fetchPage={source === 'owners' ? owners : creators} source={source} />
        </>
      );
    }
    renderWithTheme(<SourceHarness />);
    fireEvent.focus(screen.getByRole('combobox'));
    await screen.findByRole('option', { name: 'name 2' });
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    fireEvent.focus(screen.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'Ada' })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    fireEvent.focus(screen.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'name 2' })).toBeTruthy();
    expect(owners).toHaveBeenCalledTimes(1);
    expect(creators).toHaveBeenCalledTimes(1);
  });

  it('shows a load error inside the dropdown and passes it to the error callback', async () => {
    const fetchPage = vi.fn<FetchSelectOptionsPage>(() => Promise.reject(new ApiError('Server error', { status: 500 })));
    const onLoadError = vi.fn<(message: string) => void>();
    renderWithTheme(<Harness fetchPage={fetchPage} onLoadError={onLoadError} />);
    fireEvent.focus(screen.getByRole('combobox'));
    const error = await screen.findByTestId(testIds.select.loadError);
    expect(error.textContent).toBe('Server error');
    expect(screen.getByRole('listbox').contains(error)).toBe(true);
    expect(onLoadError).toHaveBeenCalledWith('Server error');
  });
});
