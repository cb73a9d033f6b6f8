import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { DatabasePicker } from './DatabasePicker';
import type { PickerSelection } from './databasePicker';

function database(id: number, name: string, allowMultiCatalog: boolean): DatabaseListItem {
  return {
    id,
    database_name: name,
    backend: 'postgresql',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_multi_catalog: allowMultiCatalog,
    uuid: `00000000-0000-0000-0000-00000000000${id}`,
    allow_file_upload: false,
    allow_ctas: false,
    allow_cvas: false,
    allows_cost_estimate: false,
    extra: '{}',
    disable_data_preview: false,
    changed_on: '2026-11-23T07:00:00',
    changed_on_delta_humanized: 'a minute ago',
    created_by: null,
    changed_by: null,
  };
}

const single = database(1, 'examples', false);
const warehouse = database(2, 'warehouse', true);

/** Answers by path prefix (decoded); records every call as `GET path`. */
function stubServer(answers: Record<string, () => Response>): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const path = decodeURIComponent(url);
    calls.push(path);
    const match = Object.keys(answers)
      .filter((prefix) => path.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];
    return Promise.resolve(match === undefined ? Response.json({ message: 'Not found' }, { status: 404 }) : (answers[match]?.() ?? Response.error()));
  });
  return calls;
}

/** The picker over a selection it keeps, as the SQL Lab page does; `changes` records each change. */
function Harness({ initial, changes }: { initial: PickerSelection; changes: Array<Partial<PickerSelection>> }): JSX.Element {
  const [selection, setSelection] = useState(initial);
  return (
    <>
      <DatabasePicker
        databases={[single, warehouse]}
        selection={selection}
        onChange={(change) => {
          changes.push(change);
          setSelection((previous) => ({ ...previous, ...change }));
        }}
      />
      <output data-testid="selection">{JSON.stringify(selection)}</output>
    </>
  );
}

function shownSelection(): PickerSelection {
  return JSON.parse(screen.getByTestId('selection').textContent) as PickerSelection;
}

describe('DatabasePicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides the catalog select for a single-catalog database and picks its only schema', async () => {
    const calls = stubServer({ '/api/v1/database/1/schemas/': () => Response.json({ result: ['main'] }) });
    renderWithTheme(<Harness initial={{ dbId: 1, catalog: null, schema: null }} changes={[]} />);
    await waitFor(() => expect(shownSelection().schema).toBe('main'));
    expect(screen.queryByTestId(testIds.sqlLab.catalogSelect)).toBeNull();
    expect(calls).toEqual(['/api/v1/database/1/schemas/?q=(force:!f)']);
    expect(screen.getByTestId(testIds.sqlLab.refreshSchemas).getAttribute('title')).toBe('Force refresh schema list');
  });

  it('clears a schema the list lacks and keeps one it has', async () => {
    stubServer({ '/api/v1/database/1/schemas/': () => Response.json({ result: ['main', 'sales'] }) });
    const changes: Array<Partial<PickerSelection>> = [];
    renderWithTheme(<Harness initial={{ dbId: 1, catalog: null, schema: 'gone' }} changes={changes} />);
    await waitFor(() => expect(changes).toEqual([{ schema: null }]));
    fireEvent.change(screen.getByTestId(testIds.sqlLab.schemaSelect), { target: { value: 'sales' } });
    expect(shownSelection().schema).toBe('sales');
    expect(changes).toEqual([{ schema: null }, { schema: 'sales' }]);
    // Each schema is an option with its value, label and title (spec 000 section 3).
    const options = Array.from(screen.getByTestId(testIds.sqlLab.schemaSelect).querySelectorAll('option'), (option) => [
      option.value,
      option.textContent,
      option.title,
    ]);
    expect(options).toEqual([
      ['', 'Select a schema', ''],
      ['main', 'main', 'main'],
      ['sales', 'sales', 'sales'],
    ]);
  });

  it('shows the catalogs of a multi-catalog database; a new catalog clears the schema, a new database clears both', async () => {
    const calls = stubServer({
      '/api/v1/database/2/catalogs/': () => Response.json({ result: ['east', 'west'] }),
      "/api/v1/database/2/schemas/?q=(force:!f,catalog:'east')": () => Response.json({ result: ['public', 'raw'] }),
      "/api/v1/database/2/schemas/?q=(force:!f,catalog:'west')": () => Response.json({ result: ['public', 'archive'] }),
      '/api/v1/database/1/schemas/': () => Response.json({ result: ['main'] }),
    });
    const changes: Array<Partial<PickerSelection>> = [];
    renderWithTheme(<Harness initial={{ dbId: 2, catalog: 'east', schema: 'raw' }} changes={changes} />);
    const catalogSelect = await screen.findByTestId(testIds.sqlLab.catalogSelect);
    await waitFor(() => expect(Array.from((catalogSelect as HTMLSelectElement).options, (option) => option.value)).toEqual(['', 'east', 'west']));
    expect(screen.getByTestId(testIds.sqlLab.refreshCatalogs).getAttribute('title')).toBe('Force refresh catalog list');
    await waitFor(() => expect(calls).toContain("/api/v1/database/2/schemas/?q=(force:!f,catalog:'east')"));
    expect(shownSelection()).toEqual({ dbId: 2, catalog: 'east', schema: 'raw' });

    fireEvent.change(catalogSelect, { target: { value: 'west' } });
    expect(changes.at(-1)).toEqual({ catalog: 'west', schema: null });
    await waitFor(() => expect(calls).toContain("/api/v1/database/2/schemas/?q=(force:!f,catalog:'west')"));

    fireEvent.change(screen.getByTestId(testIds.sqlLab.databaseSelect), { target: { value: '1' } });
    expect(changes.at(-1)).toEqual({ dbId: 1, catalog: null, schema: null });
    await waitFor(() => expect(shownSelection()).toEqual({ dbId: 1, catalog: null, schema: 'main' }));
    expect(screen.queryByTestId(testIds.sqlLab.catalogSelect)).toBeNull();
  });

  it('picks the only catalog and clears one the list lacks', async () => {
    stubServer({
      '/api/v1/database/2/catalogs/': () => Response.json({ result: ['only'] }),
      '/api/v1/database/2/schemas/': () => Response.json({ result: ['a', 'b'] }),
    });
    const changes: Array<Partial<PickerSelection>> = [];
    renderWithTheme(<Harness initial={{ dbId: 2, catalog: 'gone', schema: 'a' }} changes={changes} />);
    await waitFor(() => expect(changes[0]).toEqual({ catalog: 'only', schema: null }));
  });

  it('force-refreshes the catalog and schema lists with force:!t', async () => {
    let schemaNames = ['public'];
    const calls = stubServer({
      '/api/v1/database/2/catalogs/': () => Response.json({ result: ['east', 'west'] }),
      '/api/v1/database/2/schemas/': () => Response.json({ result: schemaNames }),
    });
    renderWithTheme(<Harness initial={{ dbId: 2, catalog: 'east', schema: null }} changes={[]} />);
    await waitFor(() => expect(shownSelection().schema).toBe('public'));
    schemaNames = ['public', 'fresh'];
    fireEvent.click(screen.getByTestId(testIds.sqlLab.refreshSchemas));
    await waitFor(() => expect(calls).toContain("/api/v1/database/2/schemas/?q=(force:!t,catalog:'east')"));
    await screen.findByRole('option', { name: 'fresh' });
    fireEvent.click(screen.getByTestId(testIds.sqlLab.refreshCatalogs));
    await waitFor(() => expect(calls).toContain('/api/v1/database/2/catalogs/?q=(force:!t)'));
  });

  it('toasts when the catalogs or the schemas cannot be loaded', async () => {
    stubServer({
      '/api/v1/database/2/catalogs/': () => Response.json({ message: 'boom' }, { status: 500 }),
      '/api/v1/database/2/schemas/': () => Response.json({ message: 'boom' }, { status: 500 }),
    });
    renderWithTheme(<Harness initial={{ dbId: 2, catalog: null, schema: null }} changes={[]} />);
    expect(await screen.findByText('There was an error loading the catalogs')).toBeTruthy();
    expect((await screen.findAllByText('There was an error loading the schemas')).length).toBeGreaterThan(0);
  });
});
