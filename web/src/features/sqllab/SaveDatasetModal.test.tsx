import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { overwriteDatasetPayload, overwritableDatasetsPath } from './datasetApi';
import { createDatasourceFailed, overwriteConfirmation, SaveDatasetModal } from './SaveDatasetModal';

const source = {
  databaseId: 1,
  catalog: null,
  schema: 'main',
  sql: 'SELECT name FROM birth_names',
  templateParams: null,
  columns: [{ column_name: 'name', type: 'VARCHAR', is_dttm: false }],
};

function stubServer(answer: () => Response = () => Response.json({})): string[] {
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

  it('overwrites one of the user\'s datasets after the confirmation, with the query and its columns, then opens Explore', async () => {
    const datasets = [
      { id: 8, table_name: 'births_query', owners: [{ id: 1, first_name: 'Ada', last_name: 'L' }, { id: 4, first_name: 'Bo', last_name: 'K' }] },
    ];
    const calls = stubServer();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      calls.push(`${init.method ?? 'GET'} ${url} ${typeof init.body === 'string' ? init.body : ''}`);
      if (url === '/api/v1/me/') return Promise.resolve(Response.json({ result: { id: 1, username: 'admin' } }));
      if (url.startsWith('/api/v1/dataset/?q=')) return Promise.resolve(Response.json({ count: 1, result: datasets }));
      return Promise.resolve(Response.json({ id: 8, result: {} }));
    });
    const { router } = renderModal();
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetOverwriteMode));
    expect(screen.getByTestId(testIds.sqlLab.saveDatasetOverwrite).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.sqlLab.saveDatasetSearch), { target: { value: 'births' } });
    fireEvent.click(await screen.findByText('births_query'));
    expect(calls).toContain(`GET ${overwritableDatasetsPath(1, 'births')} `);
    // The first click asks for the confirmation; Back returns to the choice.
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetOverwrite));
    expect(screen.getByTestId(testIds.sqlLab.saveDatasetConfirmation).textContent).toBe('Are you sure you want to overwrite this dataset?');
    expect(overwriteConfirmation).toBe('Are you sure you want to overwrite this dataset?');
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetBack));
    expect(screen.queryByTestId(testIds.sqlLab.saveDatasetConfirmation)).toBeNull();
    expect(calls.some((call) => call.startsWith('PUT'))).toBe(false);
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetOverwrite));
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveDatasetOverwrite));
    await waitFor(() => expect(router.state.location.search).toBe('?datasource_type=table&datasource_id=8'));
    const put = calls.find((call) => call.startsWith('PUT')) ?? '';
    expect(put.startsWith('PUT /api/v1/dataset/8?override_columns=true ')).toBe(true);
    expect(JSON.parse(put.slice(put.indexOf(' {') + 1))).toEqual({
      sql: 'SELECT name FROM birth_names',
      database_id: 1,
      columns: [{ column_name: 'name', type: 'VARCHAR', is_dttm: false }],
      owners: [1, 4],
    });
    expect(overwriteDatasetPayload({ ...source, columns: undefined }, [])).toEqual({ sql: source.sql, database_id: 1, columns: [], owners: [] });
    expect(calls.some((call) => call.startsWith('POST /api/v1/dataset/'))).toBe(false);
  });
});
