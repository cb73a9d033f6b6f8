import { describe, expect, it } from 'vitest';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { UserRoles } from '@/api/generated/UserRoles';
import { canDownloadResultsCsv, createdObjectNotice, selectStarOfCreated, sqlIdentifier } from './createAs';
import { resultMeta } from './sqlLabResultFixtures';

const ordinary: SqlLabQuery = resultMeta([], 0).query;
const created: SqlLabQuery = { ...ordinary, ctas: true, ctas_method: 'TABLE', tempTable: 'Boys 2026', tempSchema: null };

function roles(pairs: [string, string][], role = 'sql_lab'): UserRoles {
  return { roles: { [role]: pairs }, permissions: {} };
}

describe('createAs', () => {
  it("writes Superset's notice for the created table or view only", () => {
    expect(createdObjectNotice(created)).toBe('Table [Boys 2026] was created');
    expect(createdObjectNotice({ ...created, ctas_method: 'VIEW', tempSchema: 'scratch' })).toBe('View [scratch.Boys 2026] was created');
    expect(createdObjectNotice(ordinary)).toBeNull();
    expect(createdObjectNotice({ ...created, state: 'failed' })).toBeNull();
  });

  it('quotes names that are not plain identifiers, with backquotes on MySQL', () => {
    expect(sqlIdentifier('births_2', 'postgresql')).toBe('births_2');
    expect(sqlIdentifier('Boys "2"', 'postgresql')).toBe('"Boys ""2"""');
    expect(sqlIdentifier('Boys 2026', 'mysql')).toBe('`Boys 2026`');
    expect(selectStarOfCreated(created, 'sqlite')).toBe('SELECT * FROM "Boys 2026"');
    expect(selectStarOfCreated({ ...created, tempTable: 't', tempSchema: 'scratch' }, 'postgresql')).toBe('SELECT * FROM scratch.t');
  });

  it('allows the CSV download with can_export_csv on SQLLab, or as Admin', () => {
    expect(canDownloadResultsCsv(roles([['can_export_csv', 'SQLLab']]))).toBe(true);
    expect(canDownloadResultsCsv(roles([], 'Admin'))).toBe(true);
    expect(canDownloadResultsCsv(roles([['can_csv', 'Superset']]))).toBe(false);
    expect(canDownloadResultsCsv(undefined)).toBe(false);
  });
});
