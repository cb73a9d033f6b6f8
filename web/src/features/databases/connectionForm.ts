import type { DatabaseConfig } from '@/api/generated/DatabaseConfig';
import type { DatabaseDetail } from '@/api/generated/DatabaseDetail';

export type ConnectionMode = 'parameters' | 'uri';

/** A catalog row of the form: a catalog's name and the database of the same server it reads. */
export interface CatalogRow {
  name: string;
  value: string;
}

export interface ConnectionForm {
  databaseName: string;
  engine: string;
  mode: ConnectionMode;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  encryption: boolean;
  uri: string;
  exposeInSqlLab: boolean;
  allowDml: boolean;
  allowRunAsync: boolean;
  allowMultiCatalog: boolean;
  allowFileUpload: boolean;
  forceCtasSchema: string;
  cacheTimeout: string;
  catalog: CatalogRow[];
}

export const emptyForm: ConnectionForm = {
  databaseName: '',
  engine: 'postgresql',
  mode: 'parameters',
  host: '',
  port: '',
  database: '',
  username: '',
  password: '',
  encryption: false,
  uri: '',
  exposeInSqlLab: true,
  allowDml: false,
  allowRunAsync: false,
  allowMultiCatalog: false,
  allowFileUpload: false,
  forceCtasSchema: '',
  cacheTimeout: '',
  catalog: [],
};

/** Engines whose parameters form has catalog rows: PostgreSQL, whose catalogs are the server's databases. */
const catalogRowEngines: readonly string[] = ['postgresql'];

/** Whether the form shows catalog rows: a PostgreSQL connection by parameters that allows changing catalogs. */
export function showsCatalogRows(form: ConnectionForm): boolean {
  return form.mode === 'parameters' && form.allowMultiCatalog && catalogRowEngines.includes(form.engine);
}

/** The rows as `validate_parameters` takes them: Superset's name-value map, in the rows' order. */
export function catalogMapOf(rows: readonly CatalogRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.name.trim(), row.value.trim()]));
}

export const defaultPorts: Readonly<Record<string, string>> = { postgresql: '5432', mysql: '3306' };

export function isFileEngine(engine: string): boolean {
  return engine === 'duckdb' || engine === 'sqlite';
}

/** A saved connection as the form shows it (the password stays masked). */
export function formOfDatabase(detail: DatabaseDetail): ConnectionForm {
  const parameters = detail.parameters;
  return {
    ...emptyForm,
    databaseName: detail.database_name,
    engine: detail.engine,
    mode: detail.configuration_method === 'dynamic_form' ? 'parameters' : 'uri',
    host: parameters.host ?? '',
    port: parameters.port === undefined || parameters.port === null ? '' : String(parameters.port),
    database: parameters.database ?? '',
    username: parameters.username ?? '',
    password: parameters.password ?? '',
    uri: detail.sqlalchemy_uri,
    exposeInSqlLab: detail.expose_in_sqllab,
    allowDml: detail.allow_dml,
    allowRunAsync: detail.allow_run_async,
    allowMultiCatalog: detail.allow_multi_catalog,
    allowFileUpload: detail.allow_file_upload,
    forceCtasSchema: detail.force_ctas_schema ?? '',
    cacheTimeout: detail.cache_timeout === null ? '' : String(detail.cache_timeout),
  };
}

/** The request body of a form: parameters or URI, and the settings. */
export function configOfForm(form: ConnectionForm, databaseId: number | null): DatabaseConfig {
  const settings: DatabaseConfig = {
    database_name: form.databaseName.trim(),
    expose_in_sqllab: form.exposeInSqlLab,
    allow_dml: form.allowDml,
    allow_run_async: form.allowRunAsync,
    allow_multi_catalog: form.allowMultiCatalog,
    allow_file_upload: form.allowFileUpload,
    force_ctas_schema: form.forceCtasSchema,
    cache_timeout: form.cacheTimeout,
    ...(databaseId === null ? {} : { id: databaseId }),
  };
  if (form.mode === 'uri') return { ...settings, configuration_method: 'sqlalchemy_form', sqlalchemy_uri: form.uri.trim() };
  const parameters = isFileEngine(form.engine)
    ? { database: form.database }
    : {
        host: form.host,
        port: form.port,
        database: form.database,
        username: form.username,
        password: form.password,
        encryption: form.encryption,
        ...(showsCatalogRows(form) && form.catalog.length > 0 ? { catalog: catalogMapOf(form.catalog) } : {}),
      };
  return { ...settings, configuration_method: 'dynamic_form', engine: form.engine, parameters };
}
