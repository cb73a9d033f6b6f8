import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportExecutionLog } from '@/api/generated/ReportExecutionLog';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ExecutionLogPage } from './ExecutionLogPage';
import { report } from './reportTestData';

function run(id: number, state: string, fields: Partial<ReportExecutionLog> = {}): ReportExecutionLog {
  return {
    id,
    uuid: `run-${id}`,
    scheduled_dttm: '2026-11-24T13:05:00.000000',
    start_dttm: '2026-11-24T13:05:09.000000',
    end_dttm: '2026-11-24T13:05:10.250000',
    value: null,
    value_row_json: null,
    state,
    error_message: null,
    ...fields,
  };
}

function stubLog(type: 'Report' | 'Alert', runs: ReportExecutionLog[]): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    sent.push(path);
    if (path === '/api/v1/report/7') return Promise.resolve(Response.json({ id: 7, result: { ...report(7, 'Late orders', true), type } }));
    if (path === '/api/v1/report/7/log/') return Promise.resolve(Response.json({ count: runs.length, result: runs }));
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return sent;
}

function renderLog(path: string): void {
  const router = createMemoryRouter(
    [
      { path: '/report/:reportId/log', element: <ExecutionLogPage /> },
      { path: '/alert/:reportId/log', element: <ExecutionLogPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithTheme(<RouterProvider router={router} />);
}

describe('ExecutionLogPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows an alert's runs with their state, times, duration, value and error, the latest first", async () => {
    const sent = stubLog('Alert', [
      run(3, 'On Grace', { error_message: 'Alert fired during grace period.' }),
      run(2, 'Success', { value: 12 }),
      run(1, 'Not triggered', { value: 0 }),
    ]);
    renderLog('/alert/7/log');

    const rows = await screen.findAllByTestId(testIds.reports.logRow);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['On Grace · Alert Triggered, In Grace Period', 'run-3', '2026-11-24 01:05:00 pm', '2026-11-24 01:05:09 pm', '00:00:01.250', '', 'Alert fired during grace period.'],
      ['Success · Alert triggered, notification sent', 'run-2', '2026-11-24 01:05:00 pm', '2026-11-24 01:05:09 pm', '00:00:01.250', '12', ''],
      ['Not triggered · Nothing triggered', 'run-1', '2026-11-24 01:05:00 pm', '2026-11-24 01:05:09 pm', '00:00:01.250', '0', ''],
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'State',
      'Execution ID',
      'Scheduled at (UTC)',
      'Start at (UTC)',
      'Duration',
      'Value',
      'Error message',
    ]);
    expect(await screen.findByText('Alert Late orders')).toBeTruthy();
    expect(screen.getByTestId(testIds.reports.logBack).getAttribute('href')).toBe('/report/list/');
    expect(sent).toContain('/api/v1/report/7/log/');
  });

  it("words a report's failure as a report and shows a not null alert's value", async () => {
    stubLog('Report', [run(2, 'Error', { error_message: 'The e-mail could not be sent: connection refused' }), run(1, 'Success', { value_row_json: '"late"' })]);
    renderLog('/report/7/log');

    const rows = await screen.findAllByTestId(testIds.reports.logRow);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('Error · Report failed');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[6]?.textContent).toBe('The e-mail could not be sent: connection refused');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('Success · Report sent');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[5]?.textContent).toBe('"late"');
  });

  it('says so when the report has not run yet', async () => {
    stubLog('Report', []);
    renderLog('/report/7/log');

    expect(await screen.findByText('No data')).toBeTruthy();
    expect(screen.queryByTestId(testIds.reports.logRow)).toBeNull();
  });
});
