import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { alertCreatedMessage, newAlertPayload, toggleReportFailedMessage } from './api';
import { ReportListPage } from './ReportListPage';
import { report } from './reportTestData';

/** Answers the list (with `count` rows in all), the databases, and the writes (a 500 for PUT). */
function stubServer(reports: ReportSchedule[], count = reports.length): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${decodeURIComponent(path)}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    const url = new URL(path, 'http://quiver.test');
    if (url.pathname === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.pathname === '/api/v1/report/_info') return Promise.resolve(Response.json({ permissions: ['can_read', 'can_write'] }));
    if (url.pathname === '/api/v1/report/' && method === 'GET') {
      return Promise.resolve(Response.json({ count, ids: reports.map((row) => row.id), result: reports }));
    }
    if (url.pathname === '/api/v1/database/' && method === 'GET') {
      return Promise.resolve(Response.json({ count: 1, ids: [1], result: [{ id: 1, database_name: 'examples' }] }));
    }
    if (url.pathname === '/api/v1/report/' && method === 'POST') {
      return Promise.resolve(Response.json({ id: 9, result: { ...report(9, 'Late orders', true), type: 'Alert' } }, { status: 201 }));
    }
    if (url.pathname === '/api/v1/report/' && method === 'DELETE') return Promise.resolve(Response.json({ message: 'Deleted 2 report schedules' }));
    if (url.pathname.startsWith('/api/v1/report/') && method === 'DELETE') return Promise.resolve(Response.json({ message: 'OK' }));
    return Promise.resolve(Response.json({ message: 'Internal server error' }, { status: 500 }));
  });
  return sent;
}

function selectFilter(id: string): HTMLSelectElement {
  const filter = document.querySelector<HTMLSelectElement>(`[data-testid="${testIds.listView.selectFilter}"][data-filter-id="${id}"]`);
  if (filter === null) throw new Error(`no select filter ${id}`);
  return filter;
}

function typeDeleteAndConfirm(): void {
  fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
  fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
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
    expect(screen.getByTestId(testIds.reports.rowSchedule).textContent).toBe('At 09:00 AM, Monday through Friday (Europe/Paris)');
    expect(screen.getByTestId(testIds.reports.rowSchedule).getAttribute('title')).toBe('0 9 * * 1-5');
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

  it('links each row to its execution log, alerts under /alert/', async () => {
    stubServer([report(1, 'Births daily', true), { ...report(2, 'Late orders', true), type: 'Alert' }]);
    const router = createMemoryRouter(
      [
        { path: '/report/list', element: <ReportListPage /> },
        { path: '/report/:reportId/log', element: <p>report log</p> },
        { path: '/alert/:reportId/log', element: <p>alert log</p> },
      ],
      { initialEntries: ['/report/list/'] },
    );
    renderWithTheme(<RouterProvider router={router} />);

    const links = await screen.findAllByTestId(testIds.reports.rowLog);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Execution log', '/report/1/log'],
      ['Execution log', '/alert/2/log'],
    ]);
    fireEvent.click(links[1] as HTMLElement);
    expect(await screen.findByText('alert log')).toBeTruthy();
  });
  it('filters by type and active flag, sorts by a column and pages', async () => {
    const sent = stubServer([report(1, 'Births daily', true)], 30);
    renderList();
    await screen.findAllByTestId(testIds.listView.row);

    fireEvent.change(selectFilter('type'), { target: { value: 'Alert' } });
    await waitFor(() => expect(sent).toContain("GET /api/v1/report/?q=(filters:!((col:type,opr:eq,value:'Alert')),order_column:name,order_direction:asc,page:0,page_size:25)"));
    fireEvent.change(selectFilter('active'), { target: { value: 'no' } });
    await waitFor(() =>
      expect(sent).toContain("GET /api/v1/report/?q=(filters:!((col:type,opr:eq,value:'Alert'),(col:active,opr:eq,value:!f)),order_column:name,order_direction:asc,page:0,page_size:25)"),
    );

    fireEvent.click(screen.getByRole('button', { name: /Modified/ }));
    await waitFor(() => expect(sent.some((line) => line.includes('order_column:changed_on_delta_humanized,order_direction:asc'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(sent.some((line) => line.includes('order_column:changed_on_delta_humanized,order_direction:asc,page:1,page_size:25'))).toBe(true));
  });

  it('deletes a row and bulk deletes the picked rows', async () => {
    const sent = stubServer([report(1, 'Births daily', true), report(2, 'Births weekly', false)]);
    renderList();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Births daily' }));
    typeDeleteAndConfirm();
    expect(await screen.findByText('Deleted: Births daily')).toBeTruthy();

    fireEvent.click(screen.getByTestId(testIds.listView.bulkSelectToggle));
    for (const checkbox of screen.getAllByTestId(testIds.listView.rowCheckbox)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    typeDeleteAndConfirm();
    expect(await screen.findByText('Deleted 2 report schedules')).toBeTruthy();
    expect(sent.filter((line) => line.startsWith('DELETE'))).toEqual(['DELETE /api/v1/report/1', 'DELETE /api/v1/report/?q=!(1,2)']);
  });

  it('adds an alert: SQL on a database, a condition and threshold, a schedule and e-mail recipients', async () => {
    const sent = stubServer([report(1, 'Births daily', true)]);
    renderList();

    fireEvent.click(await screen.findByTestId(testIds.reports.addAlert));
    const save = screen.getByTestId<HTMLButtonElement>(testIds.reports.alertSave);
    expect(save.disabled).toBe(true);
    expect(save.title).toBe('Please enter an alert name');
    fireEvent.change(screen.getByTestId(testIds.reports.alertName), { target: { value: 'Late orders' } });
    const databaseSelect = screen.getByTestId<HTMLSelectElement>(testIds.reports.alertDatabase);
    await waitFor(() => expect([...databaseSelect.options].map((option) => [option.value, option.text])).toEqual([['', 'Select database'], ['1', 'examples']]));
    fireEvent.change(screen.getByTestId(testIds.reports.alertDatabase), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertSql), { target: { value: 'SELECT count(*) FROM orders WHERE late' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertCondition), { target: { value: '>=' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertThreshold), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertCrontab), { target: { value: '0 9 * * 1' } });
    expect(save.title).toBe('Please enter at least one email recipient');
    fireEvent.change(screen.getByTestId(testIds.reports.alertRecipients), { target: { value: 'ops@quiver.test, lead@quiver.test' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText(alertCreatedMessage)).toBeTruthy();
    const post = sent.find((line) => line.startsWith('POST /api/v1/report/ '));
    expect(JSON.parse(post?.slice('POST /api/v1/report/ '.length) ?? 'null')).toEqual({
      type: 'Alert',
      active: true,
      creation_method: 'alerts_reports',
      name: 'Late orders',
      description: '',
      database: 1,
      sql: 'SELECT count(*) FROM orders WHERE late',
      validator_type: 'operator',
      validator_config_json: { op: '>=', threshold: 10 },
      crontab: '0 9 * * 1',
      timezone: 'UTC',
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@quiver.test, lead@quiver.test' } }],
      extra: {},
      force_screenshot: false,
    });
    await waitFor(() => expect(screen.queryByTestId(testIds.reports.alertModal)).toBeNull());
  });

  it("sends a 'not null' alert with an empty validator config", () => {
    const payload = newAlertPayload({
      name: 'Any orders',
      description: '',
      databaseId: 1,
      sql: 'SELECT max(id) FROM orders',
      condition: 'not null',
      threshold: '5',
      crontab: '* * * * *',
      timezone: 'UTC',
      recipients: 'ops@quiver.test',
    });
    expect([payload.validator_type, payload.validator_config_json]).toEqual(['not null', {}]);
  });
});
