import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { UserRoles } from '@/api/generated/UserRoles';
import { rolesGrant } from '@/features/explore/download/chartExport';

/** Superset's labels of the two ways a run can create an object from its SELECT. */
export const createAsLabels = { TABLE: 'CREATE TABLE AS', VIEW: 'CREATE VIEW AS' } as const;

/** The name field's placeholder in the CREATE TABLE AS / CREATE VIEW AS dialog. */
export function createAsPlaceholder(method: keyof typeof createAsLabels): string {
  return `Specify name to ${createAsLabels[method]}`;
}

function qualifiedCreatedName(query: SqlLabQuery): string {
  return `${query.tempSchema === null ? '' : `${query.tempSchema}.`}${query.tempTable ?? ''}`;
}

/** Superset's notice after a CREATE TABLE AS / VIEW AS run: 'Table [schema.name] was created'; null for other runs. */
export function createdObjectNotice(query: SqlLabQuery): string | null {
  if (!query.ctas || query.state !== 'success' || query.tempTable === null) return null;
  const kind = query.ctas_method === 'VIEW' ? 'View' : 'Table';
  return `${kind} [${qualifiedCreatedName(query)}] was created`;
}

/** An identifier as SQL: as it is when plain (`births_2`), else quoted for the backend (MySQL backquotes). */
export function sqlIdentifier(name: string, backend: string | null): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return name;
  const quote = backend === 'mysql' || backend === 'mariadb' ? '`' : '"';
  return `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}

/** Superset's 'Query in a new tab': `SELECT * FROM schema.name` of what the run created. */
export function selectStarOfCreated(query: SqlLabQuery, backend: string | null): string {
  const table = sqlIdentifier(query.tempTable ?? '', backend);
  return `SELECT * FROM ${query.tempSchema === null ? '' : `${sqlIdentifier(query.tempSchema, backend)}.`}${table}`;
}

/** Whether the user may download SQL Lab results as CSV: `can_export_csv` on `SQLLab` (Superset's check), or Admin. */
export function canDownloadResultsCsv(roles: UserRoles | undefined): boolean {
  return rolesGrant(roles, 'can_export_csv', 'SQLLab');
}
