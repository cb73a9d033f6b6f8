import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import type { Dataset } from '@/api/generated/Dataset';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import type { UserRoles } from '@/api/generated/UserRoles';
import { queryKeys } from '@/api/queryKeys';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { editDatasetOwnersOnlyTooltip } from './DatasetMenu';
import { DatasourcePanel } from './DatasourcePanel';

const dataset = {
  id: 3,
  table_name: 'birth_names',
  kind: 'physical',
  schema: 'main',
  catalog: null,
  database: { id: 1, database_name: 'examples', backend: 'duckdb', allow_multi_catalog: false },
  offset: 0,
  sql: null,
  description: null,
  cache_timeout: null,
  is_managed_externally: false,
  owners: [{ id: 5, first_name: 'Olive', last_name: 'Owner' }],
  columns: [{ id: 1, column_name: 'gender', verbose_name: 'Gender', type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  metrics: [{ id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)', certified_by: null, certification_details: null }],
} as unknown as Dataset;

/** A dataset with a column of every generic type and a certified metric. */
const richDataset = {
  ...dataset,
  columns: [
    { id: 1, column_name: 'gender', verbose_name: 'Gender', type: 'VARCHAR', type_generic: 1, is_dttm: false },
    { id: 2, column_name: 'num', verbose_name: null, type: 'BIGINT', type_generic: 0, is_dttm: false },
    { id: 3, column_name: 'ds', verbose_name: 'Day', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { id: 4, column_name: 'is_boy', verbose_name: null, type: 'BOOLEAN', type_generic: 3, is_dttm: false },
    { id: 5, column_name: 'raw', verbose_name: null, type: 'BLOB', type_generic: null, is_dttm: false },
    // A string column marked temporal (is_dttm) shows the clock, as Superset's does.
    { id: 6, column_name: 'day_text', verbose_name: null, type: 'VARCHAR', type_generic: 1, is_dttm: true, warning_markdown: 'Parsed from **text**; check `ds` first' },
  ],
  metrics: [
    { id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)', certified_by: null, certification_details: null },
    { id: 2, metric_name: 'sum__num', verbose_name: 'Births', expression: 'SUM(num)', certified_by: 'Data team', certification_details: 'Audited in May' },
  ],
} as unknown as Dataset;

function shownNames(testId: string): (string | null)[] {
  return screen.getAllByTestId(testId).map((item) => item.getAttribute('data-name'));
}

let currentUser: CurrentUser | undefined;
let myRoles: UserRoles | undefined;
vi.mock('@/features/auth/api', async (importOriginal) => ({ ...(await importOriginal<object>()), useCurrentUser: () => ({ data: currentUser }) }));
vi.mock('@/features/dashboard/api', async (importOriginal) => ({ ...(await importOriginal<object>()), useMyRoles: () => ({ data: myRoles }) }));
const fetchDatasetMock = vi.fn<(id: number) => Promise<Dataset>>();
const saveDatasetMock = vi.fn<(id: number, put: unknown, overrideColumns: boolean) => Promise<unknown>>();
vi.mock('@/features/datasets/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useDataset: () => ({ data: dataset, isError: false, refetch: () => Promise.resolve({ data: dataset }) }),
  fetchDataset: (id: number) => fetchDatasetMock(id),
  saveDataset: (id: number, put: unknown, overrideColumns: boolean) => saveDatasetMock(id, put, overrideColumns),
}));

const gammaRoles: UserRoles = { roles: { Gamma: [['can_read', 'Dataset']] }, permissions: {} };

beforeEach(() => {
  currentUser = { id: 9, username: 'gamma', first_name: 'Gina', last_name: 'Gamma' } as CurrentUser;
  myRoles = gammaRoles;
  fetchDatasetMock.mockReset();
  saveDatasetMock.mockReset();
});

/** Renders the panel on /explore/ in a router; answers where the app navigated to last. */
function renderPanel(element: ReactElement = <DatasourcePanel dataset={dataset} />): { path: () => string } {
  const router = createMemoryRouter(
    [
      { path: '/explore/', element },
      { path: '/sqllab/', element: <p>SQL Lab</p> },
    ],
    { initialEntries: ['/explore/'] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return { path: () => `${router.state.location.pathname}${router.state.location.search}` };
}

function openDatasetMenu(): HTMLElement {
  fireEvent.click(screen.getByTestId(testIds.explore.datasetMenuButton));
  return screen.getByTestId(testIds.explore.editDataset);
}

function dragStart(element: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  const dataTransfer = { setData: (type: string, value: string) => (data[type] = value), effectAllowed: 'none' };
  fireEvent.dragStart(element, { dataTransfer });
  return data;
}

describe('DatasourcePanel', () => {
  it('columns and metrics drag by name, each under its own type', () => {
    renderPanel();
    const column = screen.getByTestId(testIds.explore.columnItem);
    const metric = screen.getByTestId(testIds.explore.metricItem);
    expect(column.getAttribute('draggable')).toBe('true');
    expect(dragStart(column)).toEqual({ 'application/x-quiver-column': 'gender', 'text/plain': 'gender' });
    expect(dragStart(metric)).toEqual({ 'application/x-quiver-metric': 'count', 'text/plain': 'count' });
  });

  it("marks each column with its type's icon and each metric with ƒ", () => {
    renderPanel(<DatasourcePanel dataset={richDataset} />);
    const iconOf = (item: HTMLElement): [string | null, string | null] => {
      const icon = item.querySelector('[role="img"]');
      return [icon?.getAttribute('aria-label') ?? null, icon?.textContent ?? null];
    };
    expect(screen.getAllByTestId(testIds.explore.columnItem).map(iconOf)).toEqual([
      ['String', 'ABC'],
      ['Numeric', '#'],
      ['Temporal', '◷'],
      ['Boolean', 'T/F'],
      ['Unknown type', '?'],
      ['Temporal', '◷'],
    ]);
    expect(screen.getAllByTestId(testIds.explore.metricItem).map(iconOf)).toEqual([
      ['Metric', 'ƒ'],
      ['Metric', 'ƒ'],
    ]);
    // Verbose names are shown, the column's engine type is its title.
    expect(screen.getAllByTestId(testIds.explore.columnItem).map((item) => item.textContent)).toEqual([
      'ABCGender',
      '#num',
      '◷Day',
      'T/Fis_boy',
      '?raw',
      '◷day_text',
    ]);
    expect(screen.getAllByTestId(testIds.explore.columnItem)[2]?.title).toBe('TIMESTAMP');
  });

  it('searches metrics and columns by name and verbose name, case-insensitively, and counts what is shown', () => {
    renderPanel(<DatasourcePanel dataset={richDataset} />);
    const search = screen.getByRole('searchbox', { name: 'Search Metrics & Columns' });
    const counts = (): string[] => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(counts()).toEqual(['Metrics 2', 'Columns 6']);

    // "births" is the verbose name of sum__num; no column matches.
    fireEvent.change(search, { target: { value: 'BIRTHS' } });
    expect(shownNames(testIds.explore.metricItem)).toEqual(['sum__num']);
    expect(screen.queryAllByTestId(testIds.explore.columnItem)).toHaveLength(0);
    expect(counts()).toEqual(['Metrics 1', 'Columns 0']);

    // "day" matches the column name day_text and the verbose name Day of ds.
    fireEvent.change(search, { target: { value: ' day ' } });
    expect(shownNames(testIds.explore.columnItem)).toEqual(['ds', 'day_text']);
    expect(screen.queryAllByTestId(testIds.explore.metricItem)).toHaveLength(0);

    // "num" matches the column num and the metric sum__num.
    fireEvent.change(search, { target: { value: 'num' } });
    expect(shownNames(testIds.explore.columnItem)).toEqual(['num']);
    expect(shownNames(testIds.explore.metricItem)).toEqual(['sum__num']);

    fireEvent.change(search, { target: { value: '' } });
    expect(counts()).toEqual(['Metrics 2', 'Columns 6']);
  });

  it('shows the certified mark on a certified metric only, with who certified it and the details', () => {
    renderPanel(<DatasourcePanel dataset={richDataset} />);
    const [plain, certified] = screen.getAllByTestId(testIds.explore.metricItem);
    expect(plain?.querySelector(`[data-testid="${testIds.certifiedBadge.icon}"]`)).toBeNull();
    const badge = within(certified as HTMLElement).getByRole('img', { name: 'Certified by Data team' });
    fireEvent.mouseEnter(badge);
    expect(screen.getByRole('tooltip').textContent).toBe('Certified by Data teamAudited in May');
  });
});

describe('DatasourcePanel: column warnings', () => {
  it("shows a warning icon on a column with a warning_markdown only, its markdown rendered in the tooltip", () => {
    renderPanel(<DatasourcePanel dataset={richDataset} />);
    const columns = screen.getAllByTestId(testIds.explore.columnItem);
    const warned = columns.filter((column) => within(column).queryByTestId(testIds.explore.columnWarning) !== null);
    expect(warned.map((column) => column.getAttribute('data-name'))).toEqual(['day_text']);

    const icon = within(warned[0] as HTMLElement).getByRole('img', { name: 'Warning' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(icon);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.getAttribute('data-testid')).toBe(testIds.explore.columnWarningTooltip);
    expect(tooltip.textContent).toBe('Parsed from text; check ds first');
    expect(tooltip.querySelector('strong')?.textContent).toBe('text');
    expect(tooltip.querySelector('code')?.textContent).toBe('ds');
    expect(icon.getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.mouseLeave(icon);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('DatasourcePanel: the dataset menu', () => {
  it("offers 'Edit dataset', 'Swap dataset' and 'View in SQL Lab'; a dataset owner edits in the dataset editor", () => {
    currentUser = { ...currentUser, id: 5 } as CurrentUser;
    renderPanel();
    const editItem = openDatasetMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit dataset', 'Swap dataset', 'View in SQL Lab']);
    expect((editItem as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(editItem);

    expect(screen.getByTestId(testIds.datasetEditor.dialog)).toBeTruthy();
    expect(screen.queryByTestId(testIds.explore.datasetMenu)).toBeNull();
  });

  it("disables 'Edit dataset' with Superset's tooltip for a user who neither owns the dataset nor is an admin", () => {
    renderPanel();
    const editItem = openDatasetMenu() as HTMLButtonElement;
    expect(editItem.disabled).toBe(true);
    expect(editItem.title).toBe(editDatasetOwnersOnlyTooltip);
    fireEvent.click(editItem);
    expect(screen.queryByTestId(testIds.datasetEditor.dialog)).toBeNull();
  });

  it("lets an admin edit a dataset someone else owns", () => {
    myRoles = { roles: { Admin: [] }, permissions: {} };
    renderPanel();
    expect((openDatasetMenu() as HTMLButtonElement).disabled).toBe(false);
  });

  it("'View in SQL Lab' opens SQL Lab on the dataset, with a virtual dataset's SQL", () => {
    const virtual = { ...dataset, id: 8, sql: 'SELECT name FROM birth_names' };
    const app = renderPanel(<DatasourcePanel dataset={virtual} />);
    openDatasetMenu();
    fireEvent.click(screen.getByTestId(testIds.explore.viewDatasetInSqlLab));
    expect(app.path()).toBe('/sqllab/?datasourceKey=8__table&sql=SELECT+name+FROM+birth_names');
  });

  it('reads the saved dataset into Explore: its new metric appears', async () => {
    currentUser = { ...currentUser, id: 5 } as CurrentUser;
    const saved = { ...dataset, metrics: [...dataset.metrics, { id: 2, metric_name: 'total', verbose_name: null, expression: 'SUM(num)' }] } as Dataset;
    saveDatasetMock.mockResolvedValue({ id: 3, result: saved });
    fetchDatasetMock.mockResolvedValue(saved);
    const queryClient = new QueryClient();
    const exploreKey = queryKeys.explore('table', 3, null);
    queryClient.setQueryData<ExploreResponse>(exploreKey, { dataset, form_data: { datasource: '3__table', viz_type: 'table' } } as ExploreResponse);
    function ExploreFromCache(): ReactElement {
      const explore = queryClient.getQueryData<ExploreResponse>(exploreKey);
      return explore === undefined ? <p>none</p> : <DatasourcePanel dataset={explore.dataset} />;
    }
    renderPanel(
      <QueryClientProvider client={queryClient}>
        <ExploreFromCache />
      </QueryClientProvider>,
    );

    fireEvent.click(openDatasetMenu());
    fireEvent.click(screen.getByTestId(testIds.datasetEditor.save));
    fireEvent.click(screen.getByTestId(testIds.datasetEditor.confirmOk));

    await waitFor(() => expect(queryClient.getQueryData<ExploreResponse>(exploreKey)?.dataset.metrics.map((metric) => metric.metric_name)).toEqual(['count', 'total']));
    expect(saveDatasetMock).toHaveBeenCalledWith(3, expect.objectContaining({ metrics: [expect.objectContaining({ metric_name: 'count' })] }), false);
    expect(fetchDatasetMock).toHaveBeenCalledWith(3);
    expect(await screen.findByText('The dataset has been saved')).toBeTruthy();
  });
});
