import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { Chart } from '@/api/generated/Chart';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { ExploreFormData } from '../exploreFormData';
import { SaveModal } from './SaveModal';

vi.mock('@/wasm/core', () => ({
  buildQueryContext: (formData: ExploreFormData) => Promise.resolve({ datasource: { id: 3, type: 'table' }, queries: [{ columns: formData.groupby }] }),
}));

function chartFixture(changes: Partial<Chart> = {}): Chart {
  return {
    id: 7,
    uuid: 'u-7',
    slice_name: 'Births by gender',
    viz_type: 'table',
    params: '{}',
    query_context: null,
    description: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    datasource_id: 3,
    datasource_type: 'table',
    owners: [{ id: 1, first_name: 'Superset', last_name: 'Admin' }],
    dashboards: [],
    is_managed_externally: false,
    thumbnail_url: null,
    changed_on: '2026-11-23T07:00:00.000000',
    changed_on_delta_humanized: 'now',
    url: '/explore/?slice_id=7',
    ...changes,
  };
}

const formData: ExploreFormData = { datasource: '3__table', viz_type: 'table', slice_id: 7, groupby: ['gender'], url_params: { a: '1' } };

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

/** What the dashboard list answers (only the fields the modal reads). */
const listedDashboards = [{ id: 4, dashboard_title: 'Births overview' }];

function stubServer(answer: (sent: Sent) => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.startsWith('/api/v1/dashboard/?q=')) return Promise.resolve(Response.json({ count: listedDashboards.length, result: listedDashboards }));
    const request = { method: init.method ?? 'GET', url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> };
    sent.push(request);
    return Promise.resolve(answer(request));
  });
  return sent;
}

describe('SaveModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('saves a new chart with its name, params and query context', async () => {
    const sent = stubServer(() => Response.json({ id: 9, result: chartFixture({ id: 9, slice_name: 'Births' }) }, { status: 201 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={null} canOverwrite={false} onClose={() => undefined} onSaved={onSaved} />);

    const overwrite = screen.getByTestId<HTMLInputElement>(testIds.saveModal.overwrite);
    expect(overwrite.disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>(testIds.saveModal.saveAs).checked).toBe(true);
    const save = screen.getByTestId<HTMLButtonElement>(testIds.saveModal.saveButton);
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByTestId(testIds.saveModal.chartName), { target: { value: '  Births ' } });
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());

    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/chart/');
    const body = sent[0]?.body ?? {};
    expect(body.slice_name).toBe('Births');
    expect(body.viz_type).toBe('table');
    expect(body.datasource_id).toBe(3);
    expect(body.datasource_type).toBe('table');
    expect(body.dashboards).toEqual([]);
    expect(JSON.parse(body.params as string)).toEqual({ datasource: '3__table', viz_type: 'table', groupby: ['gender'] });
    expect(JSON.parse(body.query_context as string)).toEqual({ datasource: { id: 3, type: 'table' }, queries: [{ columns: ['gender'] }] });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), 'saveas', null);
  });

  it('overwrites the open chart for its owner', async () => {
    const sent = stubServer(() => Response.json({ id: 7, result: chartFixture() }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={chartFixture()} canOverwrite onClose={() => undefined} onSaved={onSaved} />);

    expect(screen.getByTestId<HTMLInputElement>(testIds.saveModal.overwrite).checked).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>(testIds.saveModal.chartName).value).toBe('Births by gender');
    fireEvent.click(screen.getByTestId(testIds.saveModal.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 'overwrite', null));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toBe('/api/v1/chart/7');
    expect(JSON.parse(sent[0]?.body.params as string)).toMatchObject({ slice_id: 7, groupby: ['gender'] });
  });

  it('shows "Failed to save slice" with the server message', async () => {
    stubServer(() => Response.json({ message: 'Changing this chart is forbidden' }, { status: 403 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={chartFixture()} canOverwrite onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.click(screen.getByTestId(testIds.saveModal.saveButton));
    const alert = await screen.findByTestId(testIds.saveModal.alert);
    expect(alert.textContent).toContain('Failed to save slice');
    expect(alert.textContent).toContain('Changing this chart is forbidden');
    // An overwrite is no create: the server's message alone.
    expect(alert.textContent).not.toContain('An error occurred while creating');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says "An error occurred while creating charts: ..." when a new chart is refused', async () => {
    const sent = stubServer(() => Response.json({ message: 'Slice name is too long' }, { status: 400 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={null} canOverwrite={false} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(screen.getByTestId(testIds.saveModal.chartName), { target: { value: 'Births' } });
    fireEvent.click(screen.getByTestId(testIds.saveModal.saveButton));
    const alert = await screen.findByTestId(testIds.saveModal.alert);
    expect(alert.textContent).toContain('Failed to save slice');
    expect(alert.textContent).toContain('An error occurred while creating charts: Slice name is too long');
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/v1/chart/']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('creates a dashboard typed in the select and saves the chart into it', async () => {
    const sent = stubServer((request) =>
      request.url === '/api/v1/dashboard/'
        ? Response.json({ id: 12, result: { id: 12, dashboard_title: 'New board' } }, { status: 201 })
        : Response.json({ id: 9, result: chartFixture({ id: 9, slice_name: 'Births' }) }, { status: 201 }),
    );
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={null} canOverwrite={false} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.change(screen.getByTestId(testIds.saveModal.chartName), { target: { value: 'Births' } });
    const goButton = screen.getByTestId<HTMLButtonElement>(testIds.saveModal.saveAndGoButton);
    expect(goButton.disabled).toBe(true);

    const dashboardInput = screen.getByRole('combobox', { name: 'Add to dashboard' });
    fireEvent.focus(dashboardInput);
    fireEvent.change(dashboardInput, { target: { value: 'New board' } });
    fireEvent.click(await screen.findByRole('option', { name: 'New board' }));
    expect(goButton.disabled).toBe(false);
    fireEvent.click(goButton);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());

    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/v1/dashboard/', 'POST /api/v1/chart/']);
    expect(sent[0]?.body).toEqual({ dashboard_title: 'New board' });
    expect(sent[1]?.body.dashboards).toEqual([12]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), 'saveas', { id: 12, title: 'New board', isNew: true, opensDashboard: true });
  });

  it('adds an overwritten chart to a listed dashboard, keeping its other dashboards', async () => {
    const sent = stubServer(() => Response.json({ id: 7, result: chartFixture() }));
    const onSaved = vi.fn();
    const slice = chartFixture({ dashboards: [{ id: 2, dashboard_title: 'Older', json_metadata: null }] });
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={slice} canOverwrite onClose={() => undefined} onSaved={onSaved} />);
    const dashboardInput = screen.getByRole('combobox', { name: 'Add to dashboard' });
    fireEvent.focus(dashboardInput);
    fireEvent.change(dashboardInput, { target: { value: 'Births' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Births overview' }));
    fireEvent.click(screen.getByTestId(testIds.saveModal.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());

    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['PUT /api/v1/chart/7']);
    expect(sent[0]?.body.dashboards).toEqual([2, 4]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 'overwrite', { id: 4, title: 'Births overview', isNew: false, opensDashboard: false });
  });

  it('raises an alert when the dashboards cannot be fetched, and still saves the chart', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      if (url.startsWith('/api/v1/dashboard/?q=')) return Promise.resolve(Response.json({ message: 'Dashboards are unavailable' }, { status: 500 }));
      sent.push(`${init.method ?? 'GET'} ${url}`);
      return Promise.resolve(Response.json({ id: 9, result: chartFixture({ id: 9, slice_name: 'Births' }) }, { status: 201 }));
    });
    const onSaved = vi.fn();
    renderWithTheme(<SaveModal formData={formData} datasourceId={3} slice={null} canOverwrite={false} onClose={() => undefined} onSaved={onSaved} />);

    const alert = await screen.findByTestId(testIds.saveModal.dashboardsAlert);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Dashboards are unavailable');
    fireEvent.change(screen.getByTestId(testIds.saveModal.chartName), { target: { value: 'Births' } });
    fireEvent.click(screen.getByTestId(testIds.saveModal.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(sent).toEqual(['POST /api/v1/chart/']);
  });
});
