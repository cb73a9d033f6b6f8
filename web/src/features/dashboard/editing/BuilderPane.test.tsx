import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { BuilderPane } from './BuilderPane';

const chartListPrefix = '/api/v1/chart/?q=';

/** Stubs `/api/v1/me/` (user 5) and the chart list, which answers `chartList`; returns the list's `q`s. */
function stubServer(chartList: () => Response): string[] {
  const chartQueries: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    if (url === '/api/v1/me/') return Promise.resolve(Response.json({ result: { id: 5, username: 'alpha', first_name: 'Al', last_name: 'Pha' } }));
    if (url.startsWith(chartListPrefix)) {
      chartQueries.push(decodeURIComponent(url.slice(chartListPrefix.length)));
      return Promise.resolve(chartList());
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return chartQueries;
}

function renderPane(): void {
  renderWithTheme(<BuilderPane layout={{}} dashboardId={12} onPickChart={vi.fn()} />);
}

describe('the charts pane', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for pages of 200 of the user\'s own charts until "Show only my charts" is turned off, and keeps the choice', async () => {
    const chartQueries = stubServer(() => Response.json({ count: 0, ids: [], result: [] }));
    renderPane();
    const ownFirst = '(filters:!((col:owners,opr:rel_m_m,value:5)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)';
    // The list waits for the current user: the first request is already the owned charts.
    await waitFor(() => expect(chartQueries).toEqual([ownFirst]));
    expect(screen.getByPlaceholderText('Filter your charts')).toBeTruthy();

    fireEvent.click(screen.getByTestId(testIds.dashboardEdit.paneShowOnlyMine));
    const allCharts = '(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)';
    await waitFor(() => expect(chartQueries).toContain(allCharts));
    expect(screen.getByPlaceholderText('Filter charts')).toBeTruthy();
    expect(window.localStorage.getItem('dashboard__editor_show_only_my_charts')).toBe('false');

    fireEvent.change(screen.getByTestId(testIds.dashboardEdit.paneSort), { target: { value: 'slice_name' } });
    await waitFor(() => expect(chartQueries).toContain('(filters:!(),order_column:slice_name,order_direction:asc,page:0,page_size:200)'));
  });

  it('shows the error in the pane and Superset\'s toast when the list fails', async () => {
    stubServer(() => Response.json({ message: 'Chart list is unavailable' }, { status: 500 }));
    renderPane();
    expect((await screen.findByRole('alert')).textContent).toBe('Chart list is unavailable');
    expect(await screen.findByText('Sorry there was an error fetching saved charts: Chart list is unavailable')).toBeTruthy();
  });
});
