import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { OwnersSelect } from './OwnersSelect';
import { slowSearchDebounceMs } from './selectLimits';

/** `related/owners` with 250 users in all, answering pages of 100: too many to search in the browser. */
function relatedOwnersServer(): { fetch: (path: string) => Promise<Response>; searches: string[] } {
  const searches: string[] = [];
  const fetch = (path: string): Promise<Response> => {
    const q = decodeURIComponent(new URL(path, 'http://quiver.test').searchParams.get('q') ?? '');
    const search = /filter:'([^']*)'/.exec(q)?.[1] ?? '';
    searches.push(search);
    const result = Array.from({ length: 100 }, (_, index) => ({ value: index + 1, text: `${search || 'user'} ${index + 1}` }));
    return Promise.resolve(Response.json({ count: 250, result }));
  };
  return { fetch, searches };
}

describe('OwnersSelect', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server for a typed search after the slow debounce (500 ms)', async () => {
    vi.useFakeTimers();
    const server = relatedOwnersServer();
    vi.stubGlobal('fetch', server.fetch);
    renderWithTheme(<OwnersSelect resource="chart" value={[]} onChange={vi.fn()} />);
    const combobox = screen.getByRole('combobox', { name: 'Owners' });
    fireEvent.focus(combobox);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.searches).toEqual(['']);

    fireEvent.change(combobox, { target: { value: 'ad' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(combobox, { target: { value: 'ada' } });
    await act(() => vi.advanceTimersByTimeAsync(slowSearchDebounceMs - 1));
    expect(server.searches).toEqual(['']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.searches).toEqual(['', 'ada']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('ada 1');
  });
});
