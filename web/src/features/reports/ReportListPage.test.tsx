import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { toggleReportFailedMessage } from './api';
import { ReportListPage } from './ReportListPage';
import { report } from './reportTestData';

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
});
