import { describe, expect, it } from 'vitest';
import { catalogMapOf, configOfForm, emptyForm, formOfDatabase, showsCatalogRows } from './connectionForm';

describe('the connection form', () => {
  it('sends parameters for the parameters method, with the settings', () => {
    const config = configOfForm(
      { ...emptyForm, databaseName: ' Sales ', host: 'db', port: '5432', database: 'sales', username: 'bob', password: 'pw', allowFileUpload: true },
      null,
    );
    expect(config).toEqual({
      database_name: 'Sales',
      expose_in_sqllab: true,
      allow_dml: false,
      allow_run_async: false,
      allow_multi_catalog: false,
      allow_file_upload: true,
      force_ctas_schema: '',
      cache_timeout: '',
      configuration_method: 'dynamic_form',
      engine: 'postgresql',
      parameters: { host: 'db', port: '5432', database: 'sales', username: 'bob', password: 'pw', encryption: false },
    });
  });

  it('sends the catalog rows of a multi-catalog PostgreSQL form as a name-value map, in order', () => {
    const rows = [
      { name: ' sales ', value: 'sales_db' },
      { name: 'books', value: ' books_db ' },
    ];
    const form = { ...emptyForm, host: 'db', port: '5432', database: 'main', username: 'bob', allowMultiCatalog: true, catalog: rows };
    expect(showsCatalogRows(form)).toBe(true);
    expect(configOfForm(form, null).parameters?.catalog).toEqual({ sales: 'sales_db', books: 'books_db' });
    expect(Object.keys(catalogMapOf(rows))).toEqual(['sales', 'books']);
    // No rows without multi catalog, on MySQL, or by URI.
    for (const other of [
      { ...form, allowMultiCatalog: false },
      { ...form, engine: 'mysql' },
    ]) {
      expect(showsCatalogRows(other)).toBe(false);
      expect(configOfForm(other, null).parameters?.catalog).toBeUndefined();
    }
    expect(showsCatalogRows({ ...form, mode: 'uri' })).toBe(false);
    expect(configOfForm({ ...form, catalog: [] }, null).parameters).not.toHaveProperty('catalog');
  });

  it('sends the URI for the URI method and only the file path for file engines', () => {
    expect(configOfForm({ ...emptyForm, mode: 'uri', uri: ' sqlite:////tmp/a.db ' }, 3)).toMatchObject({
      id: 3,
      configuration_method: 'sqlalchemy_form',
      sqlalchemy_uri: 'sqlite:////tmp/a.db',
    });
    expect(configOfForm({ ...emptyForm, engine: 'duckdb', database: '/tmp/a.duckdb' }, null).parameters).toEqual({ database: '/tmp/a.duckdb' });
  });

  it('reads a saved connection back with its password masked', () => {
    const form = formOfDatabase({
      id: 1,
      uuid: 'u',
      database_name: 'Sales',
      backend: 'postgresql',
      engine: 'postgresql',
      sqlalchemy_uri: 'postgresql://bob:XXXXXXXXXX@db:5432/sales',
      parameters: { host: 'db', port: 5432, database: 'sales', username: 'bob', password: 'XXXXXXXXXX' },
      configuration_method: 'dynamic_form',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      allow_multi_catalog: false,
      force_ctas_schema: null,
      cache_timeout: 60,
      extra: '{}',
      is_managed_externally: false,
      external_url: null,
    });
    expect(form).toMatchObject({ mode: 'parameters', port: '5432', password: 'XXXXXXXXXX', allowDml: true, cacheTimeout: '60' });
  });
});
