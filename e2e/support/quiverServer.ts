import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export const adminUsername = 'admin';
export const adminPassword = process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';

interface DatasetListAnswer {
  count: number;
  result: { id: number; table_name: string }[];
}

/** The id of the dataset named `tableName`, through the list API with the page's session. */
export async function findDatasetId(request: APIRequestContext, tableName: string): Promise<number> {
  const filter = `(filters:!((col:table_name,opr:eq,value:${tableName})))`;
  const response = await request.get(`/api/v1/dataset/?q=${encodeURIComponent(filter)}`);
  if (!response.ok()) throw new Error(`dataset list answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as DatasetListAnswer;
  const dataset = answer.result.find((item) => item.table_name === tableName);
  if (dataset === undefined) throw new Error(`no dataset named ${tableName} among ${answer.count}`);
  return dataset.id;
}

/** One query's result, as `POST /api/v1/chart/data` answers in JSON (after post-processing). */
export interface ChartDataRows {
  colnames: string[];
  /** Superset's generic types: 0 numeric, 1 string, 2 temporal (epoch ms in `data`), 3 boolean. */
  coltypes: number[];
  data: Record<string, unknown>[];
}

/**
 * Posts a query context (for example the one the page posted) to the chart data API in JSON as a
 * full result (so the server applies the `post_processing` rules), with the page's session and a
 * CSRF token, and returns each query's columns and rows.
 */
export async function fetchChartDataRows(request: APIRequestContext, queryContext: Record<string, unknown>): Promise<ChartDataRows[]> {
  const tokenResponse = await request.get('/api/v1/security/csrf_token/');
  if (!tokenResponse.ok()) throw new Error(`csrf token answered ${tokenResponse.status()}`);
  const { result: csrfToken } = (await tokenResponse.json()) as { result: string };
  const response = await request.post('/api/v1/chart/data', {
    data: { ...queryContext, result_format: 'json', result_type: 'full' },
    headers: { 'X-CSRFToken': csrfToken, Accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`chart data answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { result: ChartDataRows[] };
  return answer.result.map(({ colnames, coltypes, data }) => ({ colnames, coltypes, data }));
}

/** Sends a JSON write (POST, PUT, DELETE) with the page's session and a CSRF token; returns the JSON answer. */
export async function writeJson(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const tokenResponse = await request.get('/api/v1/security/csrf_token/');
  if (!tokenResponse.ok()) throw new Error(`csrf token answered ${tokenResponse.status()}`);
  const { result: csrfToken } = (await tokenResponse.json()) as { result: string };
  const response = await request.fetch(path, { method, data: body, headers: { 'X-CSRFToken': csrfToken } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Creates a Gamma user with the server's admin command (the e2e script exports QUIVER_HOME), optionally with a display name. */
export function createGammaUser(username: string, password: string, name?: { firstName: string; lastName: string }): void {
  const home = process.env.QUIVER_HOME;
  if (home === undefined) throw new Error('QUIVER_HOME is not set: run this spec through scripts/e2e.sh');
  const nameArgs = name === undefined ? [] : ['--first-name', name.firstName, '--last-name', name.lastName];
  execFileSync(path.join(home, 'quiver'), ['admin', 'create-user', '--username', username, '--password', password, '--role', 'Gamma', ...nameArgs], {
    env: process.env,
  });
}
