import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { toggleReportFailedMessage } from './api';
import { ReportListPage } from './ReportListPage';

function report(id: number, name: string, active: boolean): ReportSchedule {
  return {
    id,
    type: 'Report',
    name,
    description: null,
    context_markdown: null,
    active,
    crontab: '0 9 * * 1-5',
    timezone: 'Europe/Paris',
    creation_method: 'dashboards',
    report_format: 'PDF',
    chart: null,
    dashboard: { id: 4, dashboard_title: 'Births' },
    database: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    grace_period: 14400,
    working_timeout: 3600,
    log_retention: 90,
    force_screenshot: false,
    custom_width: null,
    email_subject: null,
    extra: {},
    recipients: [{ type: 'Email', recipient_config_json: { target: 'admin@localhost' } }],
    owners: [{ id: 1, first_name: 'Superset', last_name: 'Admin' }],
    last_eval_dttm: '2026-11-24T09:00:01.000000',
    last_state: 'Success',
    created_on: '2026-11-20T10:00:00',
    changed_on: '2026-11-20T10:00:00',
    changed_on_delta_humanized: '4 days ago',
    created_by: { id: 1, first_name: 'Superset', last_name: 'Admin' },
    changed_by: null,
  };
}

function stubServer(reports: ReportSchedule[]): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${decodeURIComponent(path)}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    const url = new URL(path, 'http://quiver.test');
    if (url.pathname === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.pathname === '/api/v1/report/_info') return Promise.resolve(Response.json({ permissions: ['can_read', 'can_write'] }));
    if (url.pathname === '/api/v1/report/' && method === 'GET') {
      return Promise.resolve(Response.json({ count: reports.length, ids: reports.map((row) => row.id), result: reports }));
    }
    return Promise.resolve(Response.json({ message: 'Internal server error' }, { status: 500 }));
  });
  return sent;
}

function renderList(): void {
  const router = createMemoryRouter([{ path: '/report/list', element: <ReportListPage /> }], { initialEntries: ['/report/list/'] });
  renderWithTheme(<RouterProvider router={router} />);
}

describe('ReportListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("lists the user's reports with their source, schedule and notification method, and searches them", async () => {
    const sent = stubServer([report(1, 'Births daily', true)]);
    renderList();

    const row = (await screen.findAllByTestId(testIds.listView.row))[0];
    expect(row?.textContent).toContain('Success (2026-11-24 09:00)');
    expect(row?.textContent).toContain('Births daily');
    expect(row?.textContent).toContain('0 9 * * 1-5 (Europe/Paris)');
    expect(row?.textContent).toContain('Email');
    expect(sent).toContain('GET /api/v1/report/?q=(filters:!(),order_column:name,order_direction:asc,page:0,page_size:25)');

    const search = screen.getByTestId(testIds.listView.search);
    fireEvent.change(search, { target: { value: 'births' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(sent).toContain("GET /api/v1/report/?q=(filters:!((col:name,opr:report_all_text,value:'births')),order_column:name,order_direction:asc,page:0,page_size:25)"),
    );
  });

  it('toggles a report with the active flag alone and says when that fails', async () => {
    const sent = stubServer([report(1, 'Births daily', true)]);
    renderList();

    fireEvent.click(await screen.findByTestId(testIds.reports.rowActive));

    expect(await screen.findByText(toggleReportFailedMessage)).toBeTruthy();
    expect(sent).toContain('PUT /api/v1/report/1 {"active":false}');
  });
});
