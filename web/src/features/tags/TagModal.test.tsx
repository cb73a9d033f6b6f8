import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { TaggedObject } from '@/api/generated/TaggedObject';
import type { TagListItem } from '@/api/generated/TagListItem';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { tagCreatedMessage, tagFormObjectSources, tagFormOptionsQuery, tagUpdatedMessage } from './api';
import { TagListPage } from './TagListPage';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

const financeTag: TagListItem = {
  id: 5,
  name: 'finance',
  type: 'custom',
  description: 'Money',
  changed_on_delta_humanized: 'a minute ago',
  created_on_delta_humanized: 'a minute ago',
  changed_by: null,
  created_by: null,
};

function taggedObject(type: string, id: number, name: string): TaggedObject {
  return { id, type, name, url: '/', changed_on: '2026-11-25T10:00:00', created_by: null, creator: '', tags: [], owners: [] };
}

/** The finance tag's objects: a dashboard, a chart and a dataset (which the form has no select for). */
const financeObjects: TaggedObject[] = [taggedObject('dashboard', 1, 'Sales board'), taggedObject('chart', 11, 'Revenue'), taggedObject('dataset', 3, 'orders')];

interface ServerOptions {
  permissions?: string[];
  /** The status and body of the write (`POST` or `PUT /api/v1/tag/...`); 201/200 with the tag otherwise. */
  writeFailure?: { status: number; body: unknown };
  objectsStatus?: number;
}

/** The tag list (one tag), its `_info`, the tag's objects, the option lists and the writes. */
function tagServer(options: ServerOptions = {}): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(path, 'http://quiver.test');
    sent.push({ method, path: decodeURIComponent(path), body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
    const answer = (body: unknown, status = 200): Promise<Response> => Promise.resolve(Response.json(body, { status }));
    if (url.pathname === '/api/v1/security/csrf_token/') return answer({ result: 'token' });
    if (url.pathname === '/api/v1/tag/_info') return answer({ permissions: options.permissions ?? ['can_read', 'can_write'] });
    if (url.pathname === '/api/v1/tag/' && method === 'GET') return answer({ count: 1, ids: [5], result: [financeTag] });
    if (url.pathname === '/api/v1/tag/get_objects/') {
      return options.objectsStatus === undefined ? answer({ result: financeObjects }) : answer({ message: 'Broken objects' }, options.objectsStatus);
    }
    if (url.pathname === '/api/v1/dashboard/') return answer({ count: 2, ids: [1, 2], result: [{ id: 1, dashboard_title: 'Sales board' }, { id: 2, dashboard_title: 'Births' }] });
    if (url.pathname === '/api/v1/chart/') return answer({ count: 2, ids: [11, 12], result: [{ id: 11, slice_name: 'Revenue' }, { id: 12, slice_name: 'Boys' }] });
    if (url.pathname === '/api/v1/saved_query/') return answer({ count: 1, ids: [21], result: [{ id: 21, label: 'Top names' }] });
    if (url.pathname === '/api/v1/tag/' && method === 'POST') {
      return options.writeFailure === undefined ? answer({ id: 6, result: { ...financeTag, id: 6 } }, 201) : answer(options.writeFailure.body, options.writeFailure.status);
    }
    if (url.pathname === '/api/v1/tag/5' && method === 'PUT') {
      return options.writeFailure === undefined ? answer({ id: 5, result: financeTag }) : answer(options.writeFailure.body, options.writeFailure.status);
    }
    return answer({ message: 'Not found' }, 404);
  });
  return sent;
}

function renderTagList(): void {
  const router = createMemoryRouter([{ path: '/superset/tags/', element: <TagListPage /> }], { initialEntries: ['/superset/tags/'] });
  renderWithTheme(<RouterProvider router={router} />);
}

/** Opens the select named `label` and picks the option `optionName`. */
async function pick(label: string, optionName: string): Promise<void> {
  const combobox = screen.getByRole('combobox', { name: label });
  fireEvent.focus(combobox);
  fireEvent.click(await screen.findByRole('option', { name: optionName }));
  fireEvent.blur(combobox);
}

function chipLabels(testId: string): string[] {
  return within(screen.getByTestId(testId))
    .queryAllByTestId(testIds.select.tag)
    .map((chip) => chip.textContent.replace(/×$/, '').trim());
}

function tagListCalls(sent: readonly SentRequest[]): number {
  return sent.filter((request) => request.method === 'GET' && request.path.startsWith('/api/v1/tag/?q=')).length;
}

describe('TagModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('creates a tag on a dashboard, a chart and a saved query from "+ Tag", then refreshes the list', async () => {
    const sent = tagServer();
    renderTagList();

    fireEvent.click(await screen.findByTestId(testIds.tags.addButton));
    const modal = screen.getByTestId(testIds.tags.modal);
    expect(within(modal).getByText('Create Tag')).toBeTruthy();
    const save = screen.getByTestId<HTMLButtonElement>(testIds.tags.modalSave);
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.tags.modalName), { target: { value: '  quarterly ' } });
    fireEvent.change(screen.getByTestId(testIds.tags.modalDescription), { target: { value: 'Every quarter' } });
    await pick('Select dashboards', 'Births');
    await pick('Select charts', 'Boys');
    await pick('Select saved queries', 'Top names');
    expect(chipLabels(testIds.tags.modalDashboards)).toEqual(['Births']);
    const listCallsBefore = tagListCalls(sent);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText(tagCreatedMessage)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST' && request.path === '/api/v1/tag/')?.body).toEqual({
      name: 'quarterly',
      description: 'Every quarter',
      objects_to_tag: [
        ['dashboard', 2],
        ['chart', 12],
        ['query', 21],
      ],
    });
    await waitFor(() => expect(screen.queryByTestId(testIds.tags.modal)).toBeNull());
    await waitFor(() => expect(tagListCalls(sent)).toBeGreaterThan(listCallsBefore));
    // The selects asked each list for ids and names, by name, 100 at a time.
    const dashboards = tagFormObjectSources[0];
    if (dashboards === undefined) throw new Error('no dashboard source');
    expect(sent.map((request) => request.path)).toContain(`/api/v1/dashboard/?q=${tagFormOptionsQuery(dashboards, '', 0, 100)}`);
    expect(tagFormOptionsQuery(dashboards, "Sam's", 0, 100)).toBe(
      "(columns:!(id,dashboard_title),filters:!((col:dashboard_title,opr:ct,value:'Sam!'s')),order_column:dashboard_title,order_direction:asc,page:0,page_size:100)",
    );
  });

  it("says 'An error occurred while creating tags' with the server's message when the create fails, and stays open", async () => {
    tagServer({ writeFailure: { status: 409, body: { message: 'A tag named finance already exists' } } });
    renderTagList();

    fireEvent.click(await screen.findByTestId(testIds.tags.addButton));
    fireEvent.change(screen.getByTestId(testIds.tags.modalName), { target: { value: 'finance' } });
    fireEvent.click(screen.getByTestId(testIds.tags.modalSave));

    expect((await screen.findByTestId(testIds.tags.modalError)).textContent).toBe('An error occurred while creating tags: A tag named finance already exists');
    expect(screen.getByTestId(testIds.tags.modal)).toBeTruthy();
    expect(screen.queryByText(tagCreatedMessage)).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>(testIds.tags.modalSave).disabled).toBe(false);
  });

  it("edits a tag from its row: the tag's objects are chosen, a chart removed, the dataset kept", async () => {
    const sent = tagServer();
    renderTagList();

    fireEvent.click(await screen.findByTestId(testIds.tags.editRow));
    const name = await screen.findByTestId<HTMLInputElement>(testIds.tags.modalName);
    expect(within(screen.getByTestId(testIds.tags.modal)).getByText('Edit Tag')).toBeTruthy();
    expect(sent.some((request) => request.path === '/api/v1/tag/get_objects/?tagIds=5')).toBe(true);
    expect(name.value).toBe('finance');
    expect(screen.getByTestId<HTMLInputElement>(testIds.tags.modalDescription).value).toBe('Money');
    // The saved objects are named before any select loads its options.
    expect(chipLabels(testIds.tags.modalDashboards)).toEqual(['Sales board']);
    expect(chipLabels(testIds.tags.modalCharts)).toEqual(['Revenue']);
    expect(sent.some((request) => request.path.startsWith('/api/v1/dashboard/'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Revenue' }));
    await pick('Select charts', 'Boys');
    fireEvent.change(name, { target: { value: 'finance-2026' } });
    fireEvent.click(screen.getByTestId(testIds.tags.modalSave));

    expect(await screen.findByText(tagUpdatedMessage)).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/v1/tag/5',
      body: {
        name: 'finance-2026',
        description: 'Money',
        objects_to_tag: [
          ['dashboard', 1],
          ['chart', 12],
          ['dataset', 3],
        ],
      },
    });
    await waitFor(() => expect(screen.queryByTestId(testIds.tags.modal)).toBeNull());
  });

  it("keeps the server's message when the update fails", async () => {
    tagServer({ writeFailure: { status: 400, body: { message: { name: ['Length must be between 1 and 250.'] } } } });
    renderTagList();

    fireEvent.click(await screen.findByTestId(testIds.tags.editRow));
    fireEvent.click(await screen.findByTestId(testIds.tags.modalSave));

    expect((await screen.findByTestId(testIds.tags.modalError)).textContent).toBe('Length must be between 1 and 250.');
    expect(screen.queryByText(tagUpdatedMessage)).toBeNull();
  });

  it("says 'An error occurred while fetching tag info' when the tag's objects cannot be loaded", async () => {
    const sent = tagServer({ objectsStatus: 500 });
    renderTagList();

    fireEvent.click(await screen.findByTestId(testIds.tags.editRow));

    expect((await screen.findByTestId(testIds.tags.modalError)).textContent).toBe('An error occurred while fetching tag info: Broken objects');
    expect(screen.queryByTestId(testIds.tags.modalSave)).toBeNull();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('offers neither "+ Tag" nor Edit without can_write on Tag', async () => {
    tagServer({ permissions: ['can_read'] });
    renderTagList();

    expect(await screen.findByTestId(testIds.tags.nameLink)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Actions')).toBeNull());
    expect(screen.queryByTestId(testIds.tags.addButton)).toBeNull();
    expect(screen.queryByTestId(testIds.tags.editRow)).toBeNull();
  });
});
