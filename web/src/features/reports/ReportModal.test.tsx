import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { deleteConfirmationWord } from '@/components/listView/ConfirmDeleteModal';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { deleteReportFailedMessage, fetchReportsFailedMessage, headerReportQuery, reportCreatedMessage, toggleReportFailedMessage } from './api';
import { ReportModal } from './ReportModal';

interface SentRequest {
  path: string;
  method: string;
  body: unknown;
}

function chartReport(overrides: Partial<ReportSchedule> = {}): ReportSchedule {
  return {
    id: 7,
    type: 'Report',
    name: 'Births weekly',
    description: 'Every Monday',
    context_markdown: null,
    active: true,
    crontab: '0 12 * * 1',
    crontab_humanized: 'At 12:00 PM, only on Monday',
    timezone: 'UTC',
    creation_method: 'charts',
    report_format: 'PNG',
    chart: { id: 3, slice_name: 'Births', viz_type: 'table' },
    dashboard: null,
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
    last_eval_dttm: null,
    last_state: 'Not triggered',
    created_on: '2026-11-24T10:00:00',
    changed_on: '2026-11-24T10:00:00',
    changed_on_delta_humanized: 'now',
    created_by: { id: 1, first_name: 'Superset', last_name: 'Admin' },
    changed_by: null,
    ...overrides,
  };
}

/** Answers the current user, the header's report list, and the writes with the statuses given. */
function reportServer(reports: ReportSchedule[], statuses: { list?: number; post?: number; put?: number; delete?: number } = {}): { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ path, method, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
    const url = new URL(path, 'http://quiver.test');
    if (url.pathname === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.pathname === '/api/v1/me/') return Promise.resolve(Response.json({ result: { id: 1, username: 'admin', first_name: 'Superset', last_name: 'Admin' } }));
    if (url.pathname === '/api/v1/report/' && method === 'GET') {
      return Promise.resolve(Response.json({ count: reports.length, ids: reports.map((report) => report.id), result: reports }, { status: statuses.list ?? 200 }));
    }
    if (url.pathname === '/api/v1/report/' && method === 'POST') {
      if (statuses.post !== undefined) return Promise.resolve(Response.json({ message: { name: ['Name must be unique'] } }, { status: statuses.post }));
      return Promise.resolve(Response.json({ id: 8, result: chartReport({ id: 8 }) }, { status: 201 }));
    }
    if (method === 'PUT') {
      if (statuses.put !== undefined) return Promise.resolve(Response.json({ message: { crontab: ['Invalid cron expression'] } }, { status: statuses.put }));
      return Promise.resolve(Response.json({ id: 7, result: chartReport() }));
    }
    if (method === 'DELETE') return Promise.resolve(Response.json({ message: 'OK' }, { status: statuses.delete ?? 200 }));
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return { sent };
}

const chartTarget = { kind: 'chart', id: 3, name: 'Births' } as const;

describe('ReportModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("fetches the chart's reports created by the current user, then schedules a new one", async () => {
    const server = reportServer([]);
    const onClose = vi.fn();
    renderWithTheme(<ReportModal target={chartTarget} onClose={onClose} />);

    const name = await screen.findByTestId<HTMLInputElement>(testIds.reports.name);
    expect(screen.getByText('Schedule a new email report')).toBeTruthy();
    expect(name.value).toBe('Weekly Report for Births');
    expect(screen.getByTestId<HTMLInputElement>(testIds.reports.crontab).value).toBe('0 12 * * 1');
    const listCall = server.sent.find((request) => request.path.startsWith('/api/v1/report/?q='));
    expect(decodeURIComponent(listCall?.path ?? '')).toBe(`/api/v1/report/?q=${headerReportQuery(chartTarget, 1)}`);
    expect(headerReportQuery(chartTarget, 1)).toBe('(filters:!((col:chart_id,opr:eq,value:3),(col:creation_method,opr:eq,value:charts),(col:created_by,opr:rel_o_m,value:1)))');

    fireEvent.change(name, { target: { value: 'Births on Mondays' } });
    fireEvent.change(screen.getByTestId(testIds.reports.description), { target: { value: 'For the team' } });
    fireEvent.change(screen.getByTestId(testIds.reports.format), { target: { value: 'CSV' } });
    fireEvent.click(screen.getByTestId(testIds.reports.save));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.sent.find((request) => request.method === 'POST' && request.path === '/api/v1/report/')?.body).toEqual({
      type: 'Report',
      active: true,
      creation_method: 'charts',
      chart: 3,
      name: 'Births on Mondays',
      description: 'For the team',
      crontab: '0 12 * * 1',
      timezone: 'UTC',
      report_format: 'CSV',
      extra: {},
      force_screenshot: false,
    });
    expect(await screen.findByText(reportCreatedMessage)).toBeTruthy();
  });

  it('edits the existing report, deactivates it with the active flag alone, and says when that fails', async () => {
    const server = reportServer([chartReport()], { put: 500 });
    renderWithTheme(<ReportModal target={chartTarget} onClose={vi.fn()} />);

    const toggle = await screen.findByTestId<HTMLInputElement>(testIds.reports.activeToggle);
    expect(screen.getByText('Edit email report')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>(testIds.reports.name).value).toBe('Births weekly');
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);

    expect(await screen.findByText(toggleReportFailedMessage)).toBeTruthy();
    expect(server.sent.find((request) => request.method === 'PUT')).toEqual({ path: '/api/v1/report/7', method: 'PUT', body: { active: false } });
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('deletes the report after the confirmation, and says when it could not', async () => {
    const server = reportServer([chartReport()], { delete: 422 });
    renderWithTheme(<ReportModal target={chartTarget} onClose={vi.fn()} />);

    fireEvent.click(await screen.findByTestId(testIds.reports.delete));
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: deleteConfirmationWord } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));

    expect(await screen.findByText(deleteReportFailedMessage)).toBeTruthy();
    expect(server.sent.some((request) => request.method === 'DELETE' && request.path === '/api/v1/report/7')).toBe(true);
  });

  it("says 'An error occurred while creating reports' with the server's message when the create fails, and stays open", async () => {
    const server = reportServer([], { post: 422 });
    const onClose = vi.fn();
    renderWithTheme(<ReportModal target={chartTarget} onClose={onClose} />);

    fireEvent.click(await screen.findByTestId(testIds.reports.save));

    expect((await screen.findByTestId(testIds.reports.error)).textContent).toBe('An error occurred while creating reports: Name must be unique');
    expect(server.sent.filter((request) => request.method === 'POST' && request.path === '/api/v1/report/')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(reportCreatedMessage)).toBeNull();
  });

  it("keeps the server's message when saving an existing report fails", async () => {
    const server = reportServer([chartReport()], { put: 422 });
    const onClose = vi.fn();
    renderWithTheme(<ReportModal target={chartTarget} onClose={onClose} />);

    fireEvent.change(await screen.findByTestId(testIds.reports.crontab), { target: { value: 'every monday' } });
    fireEvent.click(screen.getByTestId(testIds.reports.save));

    expect((await screen.findByTestId(testIds.reports.error)).textContent).toBe('Invalid cron expression');
    expect(server.sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ crontab: 'every monday' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the reports could not be fetched', async () => {
    reportServer([], { list: 500 });
    renderWithTheme(<ReportModal target={{ kind: 'dashboard', id: 4, name: 'Births' }} onClose={vi.fn()} />);

    expect((await screen.findAllByText(fetchReportsFailedMessage)).length).toBeGreaterThan(0);
  });
});
