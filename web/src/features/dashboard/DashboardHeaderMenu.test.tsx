import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { Dashboard } from '@/api/generated/Dashboard';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardHeaderMenu, saveForSessionLabel, type DashboardHeaderMenuProps } from './DashboardHeaderMenu';

const dashboard = {
  id: 4,
  dashboard_title: 'Births',
  slug: null,
  css: null,
  json_metadata: null,
  certified_by: null,
  certification_details: null,
  owners: [{ id: 1, first_name: 'Superset', last_name: 'Admin' }],
} as unknown as Dashboard;

function renderMenu(isEditing: boolean, overrides: Partial<DashboardHeaderMenuProps> = {}): DashboardHeaderMenuProps {
  const props: DashboardHeaderMenuProps = {
    dashboard,
    idOrSlug: '4',
    canEdit: true,
    canSave: true,
    canShare: true,
    canManageReports: false,
    isEditing,
    draftCss: '',
    onDraftCssChange: vi.fn(),
    refreshSeconds: 0,
    onRefresh: vi.fn(),
    onRefreshSecondsChange: vi.fn(),
    onCopyPermalink: vi.fn(),
    onDownloadAsImage: vi.fn(),
    onSaved: vi.fn(),
    ...overrides,
  };
  renderWithTheme(
    <MemoryRouter>
      <DashboardHeaderMenu {...props} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId(testIds.dashboardMenu.button));
  return props;
}

describe('dashboard header menu: Download as Image', () => {
  it('sits under Download, after Save as and before Share', () => {
    renderMenu(false);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Refresh dashboard',
      'Set auto-refresh interval',
      'Edit properties',
      'Save as',
      'Download as Image',
      'Copy permalink to clipboard',
    ]);
    expect(screen.getByTestId(testIds.dashboardMenu.menu).textContent).toContain('Save asDownloadDownload as ImageShare');
  });

  it('leaves out Share without can_share_dashboard', () => {
    renderMenu(false, { canShare: false });
    expect(screen.queryByText('Copy permalink to clipboard')).toBeNull();
    expect(screen.getByTestId(testIds.dashboardMenu.menu).textContent).not.toContain('Share');
  });

  it('is offered in edit mode too', () => {
    renderMenu(true);
    expect(screen.getByTestId(testIds.dashboardMenu.downloadImage).textContent).toBe('Download as Image');
  });

  it('asks the page for the image and closes the menu', () => {
    const props = renderMenu(false);
    fireEvent.click(screen.getByTestId(testIds.dashboardMenu.downloadImage));
    expect(props.onDownloadAsImage).toHaveBeenCalledOnce();
    expect(props.onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByTestId(testIds.dashboardMenu.menu)).toBeNull();
  });
});

describe('dashboard properties: owners', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('shows the current owners, offers related/owners and puts the chosen owner ids', async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      const method = init.method ?? 'GET';
      sent.push({ url: decodeURIComponent(url), method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'GET') {
        return Promise.resolve(Response.json({ count: 2, result: [{ value: 1, text: 'Superset Admin' }, { value: 2, text: 'Gamma User' }] }));
      }
      return Promise.resolve(Response.json({ id: 4, result: { ...dashboard, owners: [] }, last_modified_time: 0 }));
    });
    const props = renderMenu(false);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit properties' }));

    const ownersSelect = screen.getByTestId(testIds.dashboardMenu.propertiesOwners);
    expect(within(ownersSelect).getByRole('button', { name: 'Remove Superset Admin' })).toBeTruthy();
    fireEvent.focus(within(ownersSelect).getByRole('combobox', { name: 'Owners' }));
    fireEvent.click(await within(ownersSelect).findByRole('option', { name: 'Gamma User' }));
    expect(sent[0]?.url).toBe("/api/v1/dashboard/related/owners?q=(filter:'',page:0,page_size:100)");

    fireEvent.click(within(screen.getByTestId(testIds.dashboardMenu.propertiesModal)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalled());
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/v1/dashboard/4');
    expect(put?.body).toMatchObject({ dashboard_title: 'Births', owners: [1, 2] });
  });
});

describe('dashboard properties: roles (DASHBOARD_RBAC)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  function stubServer(isRoleBasedAccessOn: boolean): { url: string; method: string; body: unknown }[] {
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      if (url === '/api/v1/common/conf/') {
        const conf = { SUPERSET_WEBSERVER_TIMEOUT: 60, ESCAPE_MARKDOWN_HTML: false, SLACK_ENABLE_AVATARS: false, DASHBOARD_RBAC: isRoleBasedAccessOn, CONFIRM_DASHBOARD_DIFF: false };
        return Promise.resolve(Response.json({ result: conf }));
      }
      const method = init.method ?? 'GET';
      sent.push({ url: decodeURIComponent(url), method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'GET' && url.includes('/related/roles')) {
        return Promise.resolve(Response.json({ count: 2, result: [{ value: 3, text: 'Alpha' }, { value: 4, text: 'Gamma' }] }));
      }
      if (method === 'GET') return Promise.resolve(Response.json({ count: 1, result: [{ value: 1, text: 'Superset Admin' }] }));
      return Promise.resolve(Response.json({ id: 4, result: dashboard, last_modified_time: 0 }));
    });
    return sent;
  }

  it('with role-based access on, offers related/roles and puts the chosen role ids', async () => {
    const sent = stubServer(true);
    const props = renderMenu(false, { dashboard: { ...dashboard, roles: [{ id: 3, name: 'Alpha' }] } });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit properties' }));

    const rolesSelect = await screen.findByTestId(testIds.dashboardMenu.propertiesRoles);
    expect(within(rolesSelect).getByRole('button', { name: 'Remove Alpha' })).toBeTruthy();
    fireEvent.focus(within(rolesSelect).getByRole('combobox', { name: 'Roles' }));
    fireEvent.click(await within(rolesSelect).findByRole('option', { name: 'Gamma' }));
    expect(sent.map((request) => request.url)).toContain("/api/v1/dashboard/related/roles?q=(filter:'',page:0,page_size:100)");

    fireEvent.click(within(screen.getByTestId(testIds.dashboardMenu.propertiesModal)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalled());
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ owners: [1], roles: [3, 4] });
  });

  it('with it off, shows no Roles select and sends no roles', async () => {
    const sent = stubServer(false);
    const props = renderMenu(false);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit properties' }));
    await waitFor(() => expect(sent.some((request) => request.url.includes('/related/owners'))).toBe(true));
    expect(screen.queryByTestId(testIds.dashboardMenu.propertiesRoles)).toBeNull();
    fireEvent.click(within(screen.getByTestId(testIds.dashboardMenu.propertiesModal)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalled());
    expect(sent.find((request) => request.method === 'PUT')?.body).not.toHaveProperty('roles');
  });
});

describe('dashboard header menu: refresh interval', () => {
  function chooseTenSeconds(): void {
    fireEvent.click(screen.getByRole('menuitem', { name: 'Set auto-refresh interval' }));
    const modal = screen.getByTestId(testIds.dashboardMenu.refreshIntervalModal);
    fireEvent.change(within(modal).getByLabelText('Refresh frequency'), { target: { value: '10' } });
  }

  it('is for this session in view mode', () => {
    const props = renderMenu(false);
    chooseTenSeconds();
    const modal = screen.getByTestId(testIds.dashboardMenu.refreshIntervalModal);
    expect(within(modal).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: saveForSessionLabel }));
    expect(props.onRefreshSecondsChange).toHaveBeenCalledWith(10);
    expect(screen.queryByTestId(testIds.dashboardMenu.refreshIntervalModal)).toBeNull();
  });

  it('is saved with the dashboard in edit mode: the button says Save', () => {
    const props = renderMenu(true);
    chooseTenSeconds();
    const modal = screen.getByTestId(testIds.dashboardMenu.refreshIntervalModal);
    expect(within(modal).queryByRole('button', { name: saveForSessionLabel })).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(props.onRefreshSecondsChange).toHaveBeenCalledWith(10);
  });
});

describe('dashboard header menu: Edit CSS', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is offered in edit mode only, as in Superset 6', () => {
    renderMenu(false);
    expect(screen.queryByRole('menuitem', { name: 'Edit CSS' })).toBeNull();
  });

  it('opens with the CSS being edited and hands every change to the page at once, with no request', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const css = '.dashboard-chart { border: 1px solid red; }';
    const props = renderMenu(true, { draftCss: 'h1 { color: blue; }' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Refresh dashboard',
      'Set auto-refresh interval',
      'Edit properties',
      'Edit CSS',
      'Download as Image',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit CSS' }));
    const modal = screen.getByTestId(testIds.dashboardMenu.cssModal);
    const input = within(modal).getByLabelText<HTMLTextAreaElement>('CSS');
    expect(input.value).toBe('h1 { color: blue; }');
    fireEvent.change(input, { target: { value: css } });
    expect(props.onDraftCssChange).toHaveBeenLastCalledWith(css);
    fireEvent.click(within(modal).getByText('Close', { selector: 'button' }));
    expect(screen.queryByTestId(testIds.dashboardMenu.cssModal)).toBeNull();
    // Saved with the dashboard, not from the dialog.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(props.onSaved).not.toHaveBeenCalled();
  });
});

describe('dashboard header menu: refreshing', () => {
  it('waits while the charts refresh, as Superset disables the item while loading', () => {
    const props = renderMenu(false, { isRefreshing: true });
    const refresh = screen.getByRole('menuitem', { name: 'Refresh dashboard' });
    expect(refresh.hasAttribute('disabled')).toBe(true);
    fireEvent.click(refresh);
    expect(props.onRefresh).not.toHaveBeenCalled();
  });

  it('refreshes otherwise', () => {
    const props = renderMenu(false, { isRefreshing: false });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Refresh dashboard' }));
    expect(props.onRefresh).toHaveBeenCalledOnce();
  });
});
