import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DatasetAddPage, datasetPostOf } from './DatasetAddPage';

describe('the new dataset payload (spec 001 section 7)', () => {
  const selection = { dbId: 4, catalog: 'sales', schema: 'public' };

  it('creates a dataset from a table of the chosen database and schema; the catalog only for a multi-catalog database', () => {
    expect(datasetPostOf(selection, false, 'table', 'orders', '', '')).toEqual({ database: 4, schema: 'public', table_name: 'orders' });
    expect(datasetPostOf(selection, true, 'table', 'orders', '', '')).toEqual({ database: 4, catalog: 'sales', schema: 'public', table_name: 'orders' });
    expect(datasetPostOf(selection, false, 'table', null, '', '')).toBeNull();
    expect(datasetPostOf({ dbId: null, catalog: null, schema: null }, false, 'table', 'orders', '', '')).toBeNull();
  });

  it('creates a virtual dataset from a named SQL query', () => {
    expect(datasetPostOf(selection, false, 'sql', null, ' big_orders ', 'SELECT * FROM orders WHERE amount > 100')).toEqual({
      database: 4,
      schema: 'public',
      table_name: 'big_orders',
      sql: 'SELECT * FROM orders WHERE amount > 100',
    });
    expect(datasetPostOf(selection, false, 'sql', null, 'big_orders', '  ')).toBeNull();
  });
});

describe('DatasetAddPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('creates a virtual dataset from SQL in the picked database and schema, then opens Explore on it', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
      if (path.startsWith('/api/v1/database/?q=')) {
        return Promise.resolve(Response.json({ count: 1, result: [{ id: 4, database_name: 'warehouse', backend: 'postgresql', allow_multi_catalog: false }] }));
      }
      if (path.startsWith('/api/v1/database/4/schemas/')) return Promise.resolve(Response.json({ result: ['public'] }));
      if (init.method === 'POST') {
        posts.push(typeof init.body === 'string' ? JSON.parse(init.body) : null);
        return Promise.resolve(Response.json({ id: 12, result: {} }, { status: 201 }));
      }
      return Promise.resolve(Response.json({ count: 0, result: [] }));
    });
    const router = createMemoryRouter(
      [
        { path: '/dataset/add/', element: <DatasetAddPage /> },
        { path: '/explore/', element: <p>Explore</p> },
      ],
      { initialEntries: ['/dataset/add/'] },
    );
    renderWithTheme(<RouterProvider router={router} />);

    const databaseSelect = await screen.findByTestId(testIds.sqlLab.databaseSelect);
    await screen.findByRole('option', { name: 'warehouse' });
    fireEvent.change(databaseSelect, { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>(testIds.sqlLab.schemaSelect).value).toBe('public'));
    fireEvent.click(screen.getByTestId(testIds.datasetAdd.modeSql));
    const create = screen.getByTestId<HTMLButtonElement>(testIds.datasetAdd.create);
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.datasetAdd.name), { target: { value: 'big_orders' } });
    fireEvent.change(screen.getByTestId(testIds.datasetAdd.sql), { target: { value: 'SELECT * FROM orders WHERE amount > 100' } });
    fireEvent.click(create);

    await waitFor(() => expect(router.state.location.search).toBe('?datasource_type=table&datasource_id=12'));
    expect(posts).toEqual([{ database: 4, schema: 'public', table_name: 'big_orders', sql: 'SELECT * FROM orders WHERE amount > 100' }]);
  });

  it('says "An error occurred while creating datasets: ..." when the server refuses the dataset', async () => {
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
      if (path.startsWith('/api/v1/database/?q=')) {
        return Promise.resolve(Response.json({ count: 1, result: [{ id: 4, database_name: 'warehouse', backend: 'postgresql', allow_multi_catalog: false }] }));
      }
      if (path.startsWith('/api/v1/database/4/schemas/')) return Promise.resolve(Response.json({ result: ['public'] }));
      if (init.method === 'POST') return Promise.resolve(Response.json({ message: 'Dataset big_orders already exists' }, { status: 422 }));
      return Promise.resolve(Response.json({ count: 0, result: [] }));
    });
    const router = createMemoryRouter([{ path: '/dataset/add/', element: <DatasetAddPage /> }], { initialEntries: ['/dataset/add/'] });
    renderWithTheme(<RouterProvider router={router} />);

    const databaseSelect = await screen.findByTestId(testIds.sqlLab.databaseSelect);
    await screen.findByRole('option', { name: 'warehouse' });
    fireEvent.change(databaseSelect, { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>(testIds.sqlLab.schemaSelect).value).toBe('public'));
    fireEvent.click(screen.getByTestId(testIds.datasetAdd.modeSql));
    fireEvent.change(screen.getByTestId(testIds.datasetAdd.name), { target: { value: 'big_orders' } });
    fireEvent.change(screen.getByTestId(testIds.datasetAdd.sql), { target: { value: 'SELECT 1' } });
    fireEvent.click(screen.getByTestId(testIds.datasetAdd.create));

    expect(await screen.findByText('An error occurred while creating datasets: Dataset big_orders already exists')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dataset/add/');
  });
});
