import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { executeSql, executeSqlPath } from './api';
import type { QueryEditorTab } from './editorTabs';
import { runnableSql, tabRunPayload } from './runPayload';

const tab: QueryEditorTab = {
  id: '12',
  name: 'Births',
  dbId: 1,
  schema: 'main',
  sql: "SELECT COUNT(*) FROM birth_names WHERE gender = '{{ gender }}'",
  queryLimit: 100,
  remoteId: null,
  templateParams: '{"gender": "girl"}',
  autorun: false,
};

describe('tabRunPayload', () => {
  it('carries the tab\'s template parameters as templateParams', () => {
    expect(tabRunPayload(tab, 3, 'abcdefghijk')).toEqual({
      client_id: 'abcdefghijk',
      database_id: 3,
      sql: tab.sql,
      schema: 'main',
      tab: 'Births',
      sql_editor_id: '12',
      queryLimit: 100,
      templateParams: '{"gender": "girl"}',
      runAsync: false,
      json: true,
    });
  });

  it('runs the selected text instead of the whole SQL when some is selected (spec 002 section 3)', () => {
    const selected = { ...tab, sql: 'SELECT 1;\nSELECT 2', selectedText: 'SELECT 2' };
    expect(tabRunPayload(selected, 3, 'x').sql).toBe('SELECT 2');
    expect(runnableSql(selected)).toBe('SELECT 2');
    expect(runnableSql({ ...selected, selectedText: '  \n' })).toBe('SELECT 1;\nSELECT 2');
    expect(runnableSql({ ...selected, selectedText: undefined })).toBe('SELECT 1;\nSELECT 2');
  });

  it("carries the tab's catalog", () => {
    expect(tabRunPayload({ ...tab, catalog: 'east' }, 3, 'x').catalog).toBe('east');
    expect(JSON.stringify(tabRunPayload({ ...tab, catalog: null }, 3, 'x'))).not.toContain('catalog');
  });

  it('sends no templateParams when the tab has none', () => {
    expect(JSON.stringify(tabRunPayload({ ...tab, templateParams: null }, 3, 'x'))).not.toContain('templateParams');
  });
});

describe('URL forwarding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('posts to the execute path with the page parameters, without SQL Lab\'s own', () => {
    expect(executeSqlPath('')).toBe('/api/v1/sqllab/execute/');
    expect(executeSqlPath('?state=CA')).toBe('/api/v1/sqllab/execute/?state=CA');
    expect(executeSqlPath('?savedQueryId=4&state=CA')).toBe('/api/v1/sqllab/execute/?state=CA');
    expect(executeSqlPath('?dbid=1')).toBe('/api/v1/sqllab/execute/');
  });

  it('sends the run to the forwarded URL with its body', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url.includes('csrf_token')) return Promise.resolve(Response.json({ result: 'token' }));
      sent.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      return Promise.resolve(Response.json({ message: 'stop here' }, { status: 400 }));
    });
    await expect(executeSql(tabRunPayload(tab, 3, 'abcdefghijk'), undefined, '?state=CA&sql=SELECT%201')).rejects.toThrow('stop here');
    expect(sent).toEqual([{ url: '/api/v1/sqllab/execute/?state=CA', body: expect.objectContaining({ templateParams: '{"gender": "girl"}' }) as unknown }]);
  });
});
