import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { JSX, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDatasetsStatus } from './useDatasetsStatus';

function wrapper({ children }: { children: ReactNode }): JSX.Element {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The datasets call, answered when the test says: what was asked, and how to answer. */
function stubDatasetsCall(): { asked: string[]; answer: (response: Response) => void } {
  const asked: string[] = [];
  let answer: (response: Response) => void = () => undefined;
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return new Promise<Response>((resolve) => (answer = resolve));
  });
  return { asked, answer: (response) => answer(response) };
}

describe('the datasets loading flag', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is loading while the dashboard datasets call is in flight, then complete', async () => {
    const call = stubDatasetsCall();
    const { result } = renderHook(() => useDatasetsStatus('births'), { wrapper });
    expect(result.current).toBe('loading');
    await waitFor(() => expect(call.asked).toEqual(['/api/v1/dashboard/births/datasets']));
    expect(result.current).toBe('loading');

    call.answer(Response.json({ result: [{ id: 1, table_name: 'birth_names' }] }));
    await waitFor(() => expect(result.current).toBe('complete'));
  });

  it('is error when the call fails', async () => {
    const call = stubDatasetsCall();
    const { result } = renderHook(() => useDatasetsStatus('4'), { wrapper });
    await waitFor(() => expect(call.asked).toHaveLength(1));
    call.answer(Response.json({ message: 'Not found' }, { status: 404 }));
    await waitFor(() => expect(result.current).toBe('error'));
  });
});
