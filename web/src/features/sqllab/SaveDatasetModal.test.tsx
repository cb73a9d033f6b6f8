import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { createDatasourceFailed, SaveDatasetModal } from './SaveDatasetModal';

const source = { databaseId: 1, catalog: null, schema: 'main', sql: 'SELECT name FROM birth_names', templateParams: null };

function stubServer(answer: () => Response): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    calls.push(`${init.method ?? 'GET'} ${url} ${typeof init.body === 'string' ? init.body : ''}`);
    return Promise.resolve(answer());
  });
  return calls;
}

function renderModal(): { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path: '/sqllab/', element: <SaveDatasetModal source={source} tabName="Births" onClose={() => undefined} /> },
      { path: '/explore/', element: <p>Explore</p> },
    ],
    { initialEntries: ['/sqllab/'] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return { router };
}

describe('SaveDatasetModal (dataset creation from a query, spec 002 section 4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("toasts 'An error occurred while creating the data source' when the dataset is refused, and stays open", async () => {
    const calls = stubServer(() => Response.json({ message: 'Dataset could not be created.' }, { status: 422 }));
    renderModal();
    fireEvent.change(screen.getByTestId(testIds.sqlLab.saveDatasetName), { target: { value: 'births_query' } });
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetSubmit));
    expect(await screen.findByText('An error occurred while creating the data source')).toBeTruthy();
    expect(createDatasourceFailed).toBe('An error occurred while creating the data source');
    const modal = screen.getByTestId(testIds.sqlLab.saveDatasetModal);
    expect(within(modal).getByRole('alert').textContent).toBe('Dataset could not be created.');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('POST /api/v1/dataset/ ');
    expect(calls[0]).toContain('"table_name":"births_query"');
    await waitFor(() => expect(screen.getByTestId(testIds.sqlLab.saveDatasetSubmit).hasAttribute('disabled')).toBe(false));
  });

  it('opens Explore on the dataset once it is created', async () => {
    stubServer(() => Response.json({ id: 42, result: {} }, { status: 201 }));
    const { router } = renderModal();
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetSubmit));
    await waitFor(() => expect(router.state.location.search).toBe('?datasource_type=table&datasource_id=42'));
    expect(screen.queryByText(createDatasourceFailed)).toBeNull();
  });
});
