import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { FormData } from '@/api/generated/FormData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { DrillValue } from '@/features/chart/viz/chartRendererProps';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DrillDetailModal } from './DrillDetailModal';
import { giveElementsHeight } from '@/testLayout';

/** What the Wasm core builds from the chart: an adhoc filter, a time range, extras with a HAVING. */
const chartQueryContext = {
  datasource: { id: 3, type: 'table' },
  force: false,
  queries: [
    {
      columns: ['state'],
      metrics: ['count'],
      filters: [{ col: 'gender', op: 'IN', val: ['boy'] }],
      extras: { where: 'num > 0', having: 'SUM(num) > 10', time_grain_sqla: 'P1D' },
      granularity: 'ds',
      time_range: 'Last year',
    },
  ],
} as unknown as QueryContext;

vi.mock('@/wasm/core', () => ({
  buildQueryContext: vi.fn(() => Promise.resolve(chartQueryContext)),
}));

const formData = { datasource: '3__table', viz_type: 'table', groupby: ['state'] } as FormData;
const californiaValue: DrillValue = { column: 'state', value: 'CA', label: 'CA' };

interface SamplesRequest {
  url: string;
  body: { filters: unknown[]; granularity?: string; time_range?: string; extras?: Record<string, unknown> };
}

/** The rows of a page as the server answers them: `name` is `row <n>` counting from 1 over all pages. */
function samplesAnswer(page: number, perPage: number, totalCount: number): unknown {
  const first = (page - 1) * perPage;
  const rowCount = Math.max(0, Math.min(perPage, totalCount - first));
  return {
    result: {
      data: Array.from({ length: rowCount }, (_unused, index) => ({ name: `row ${first + index + 1}`, num: index })),
      colnames: ['name', 'num'],
      coltypes: [1, 0],
      rowcount: rowCount,
      total_count: totalCount,
      page,
      per_page: perPage,
      query: 'SELECT ...',
    },
  };
}

/**
 * A fake samples endpoint: 120 rows under the chart's filters, 45 more without the drilled state
 * filter. Records each samples request.
 */
function stubSamplesServer(answer?: (request: SamplesRequest) => Response): SamplesRequest[] {
  const requests: SamplesRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const request: SamplesRequest = { url, body: JSON.parse(init.body as string) as SamplesRequest['body'] };
    requests.push(request);
    if (answer !== undefined) return Promise.resolve(answer(request));
    const query = new URL(url, 'http://quiver.test').searchParams;
    const isDrilled = request.body.filters.length > 1;
    return Promise.resolve(Response.json(samplesAnswer(Number(query.get('page')), Number(query.get('per_page')), isDrilled ? 120 : 165)));
  });
  return requests;
}

function renderModal(initialDrillValues: DrillValue[] = [californiaValue]): void {
  renderWithTheme(<DrillDetailModal chartName="Births by state" formData={formData} initialDrillValues={initialDrillValues} onClose={() => undefined} />);
}

function modal(): HTMLElement {
  return screen.getByTestId(testIds.drillToDetail.modal);
}

async function firstCellText(): Promise<string> {
  const cells = await within(modal()).findAllByTestId(testIds.dataPane.cell);
  return cells[0]?.textContent ?? '';
}

describe('DrillDetailModal', () => {
  giveElementsHeight();
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("asks for the first 50 rows under the chart's filters and the clicked value, and shows the total", async () => {
    const requests = stubSamplesServer();
    renderModal();

    expect(screen.getByRole('dialog', { name: 'Drill to detail: Births by state' })).toBeTruthy();
    expect(within(modal()).getAllByTestId(testIds.drillToDetail.filterPill).map((pill) => pill.textContent)).toEqual(['state = CA×']);
    expect(await within(modal()).findByText('120 rows')).toBeTruthy();
    expect(await firstCellText()).toBe('row 1');
    expect(within(modal()).getByTestId(testIds.drillToDetail.pageText).textContent).toBe('Page 1 of 3');
    // The rows have the dialog to themselves: a middle grid, numbered.
    expect(within(modal()).getByTestId(testIds.dataPane.table).dataset.gridSize).toBe('middle');
    expect(within(modal()).getAllByTestId(testIds.dataPane.rowNumber)[0]?.textContent).toBe('1');
    expect(requests).toEqual([
      {
        url: '/datasource/samples?datasource_type=table&datasource_id=3&force=false&per_page=50&page=1',
        body: {
          filters: [
            { col: 'gender', op: 'IN', val: ['boy'] },
            { col: 'state', op: '==', val: 'CA' },
          ],
          granularity: 'ds',
          time_range: 'Last year',
          // The rows are not aggregated: the chart's HAVING stays out.
          extras: { where: 'num > 0', time_grain_sqla: 'P1D' },
        },
      },
    ]);
  });

  it('asks for page 2 and shows its rows', async () => {
    const requests = stubSamplesServer();
    renderModal();
    expect(await firstCellText()).toBe('row 1');

    fireEvent.click(within(modal()).getByTestId(testIds.drillToDetail.nextPage));

    await waitFor(() => expect(within(modal()).getByTestId(testIds.drillToDetail.pageText).textContent).toBe('Page 2 of 3'));
    expect(await firstCellText()).toBe('row 51');
    expect(requests.map((request) => new URL(request.url, 'http://quiver.test').searchParams.get('page'))).toEqual(['1', '2']);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
    expect(within(modal()).getByText('120 rows')).toBeTruthy();
  });

  it('Reload asks for the shown page again and shows the fresh rows', async () => {
    let totalCount = 120;
    const requests = stubSamplesServer((request) => {
      const query = new URL(request.url, 'http://quiver.test').searchParams;
      return Response.json(samplesAnswer(Number(query.get('page')), 50, totalCount));
    });
    renderModal();
    expect(await within(modal()).findByText('120 rows')).toBeTruthy();
    fireEvent.click(within(modal()).getByTestId(testIds.drillToDetail.nextPage));
    await waitFor(() => expect(within(modal()).getByTestId(testIds.drillToDetail.pageText).textContent).toBe('Page 2 of 3'));

    totalCount = 121;
    fireEvent.click(within(modal()).getByRole('button', { name: 'Reload' }));

    expect(await within(modal()).findByText('121 rows')).toBeTruthy();
    expect(requests.map((request) => new URL(request.url, 'http://quiver.test').searchParams.get('page'))).toEqual(['1', '2', '2']);
    expect(requests[2]?.body).toEqual(requests[0]?.body);
  });

  it('drops a removed value pill from the filters and goes back to page 1', async () => {
    const requests = stubSamplesServer();
    renderModal();
    expect(await firstCellText()).toBe('row 1');
    fireEvent.click(within(modal()).getByTestId(testIds.drillToDetail.nextPage));
    await waitFor(() => expect(requests).toHaveLength(2));

    fireEvent.click(within(modal()).getByRole('button', { name: 'Remove filter state = CA' }));

    expect(await within(modal()).findByText('165 rows')).toBeTruthy();
    expect(within(modal()).queryByTestId(testIds.drillToDetail.filterPill)).toBeNull();
    const last = requests.at(-1);
    expect(last?.url).toBe('/datasource/samples?datasource_type=table&datasource_id=3&force=false&per_page=50&page=1');
    expect(last?.body.filters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'] }]);
  });

  it('filters a null value with IS NULL', async () => {
    const requests = stubSamplesServer();
    renderModal([{ column: 'state', value: null, label: '<NULL>' }]);
    expect(await within(modal()).findByText('120 rows')).toBeTruthy();
    expect(within(modal()).getByTestId(testIds.drillToDetail.filterPill).textContent).toBe('state = <NULL>×');
    expect(requests[0]?.body.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
      { col: 'state', op: 'IS NULL' },
    ]);
  });

  it("shows the server's message when the samples call fails", async () => {
    stubSamplesServer(() => Response.json({ message: 'Column "state" does not exist' }, { status: 400 }));
    renderModal();
    const error = await within(modal()).findByTestId(testIds.dataPane.error);
    expect(error.textContent).toBe('Column "state" does not exist');
  });

  it('falls back to "Sorry, an error occurred" when the server gives no message', async () => {
    stubSamplesServer(() => new Response('upstream failure', { status: 502 }));
    renderModal();
    const error = await within(modal()).findByTestId(testIds.dataPane.error);
    expect(error.textContent).toBe('Sorry, an error occurred');
  });

  it('says so when no row matches', async () => {
    stubSamplesServer(() => Response.json(samplesAnswer(1, 50, 0)));
    renderModal();
    expect((await within(modal()).findByTestId(testIds.dataPane.empty)).textContent).toBe('No rows were returned for this dataset');
    expect(within(modal()).queryByTestId(testIds.drillToDetail.pagination)).toBeNull();
  });
});
