import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { QueryEditorTab } from './editorTabs';
import { defaultScheduleDates, scheduledQueryPayload, scheduleQueryMessages, ScheduleQueryModal } from './ScheduleQueryModal';

const tab: QueryEditorTab = {
  id: 'a',
  name: 'Untitled Query 1',
  dbId: 1,
  schema: 'main',
  sql: 'SELECT name FROM birth_names',
  queryLimit: 100,
  remoteId: null,
  templateParams: null,
  autorun: false,
};

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

function stubServer(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    sent.push({ method: init.method ?? 'GET', url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> });
    return Promise.resolve(answer());
  });
  return sent;
}

/** 2026-11-24 15:30 in the browser's time zone. */
const now = new Date(2026, 10, 24, 15, 30);

function toastTexts(): string[] {
  return Array.from(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`), (item) => item.textContent);
}

describe('ScheduleQueryModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("defaults to Superset's 'tomorrow at 9am' and '9am in 30 days'", () => {
    expect(defaultScheduleDates(now)).toEqual({ start: '2026-11-25T09:00', end: '2026-12-24T09:00' });
  });

  it('stores the schedule as schedule_info in the saved query extra_json', () => {
    const scheduleInfo = { output_table: 'names', start_date: '2026-11-25T09:00:00.000Z', end_date: '2026-12-24T09:00:00.000Z', schedule_interval: '@daily' };
    expect(scheduledQueryPayload(tab, 3, 'Names', 'nightly', scheduleInfo)).toEqual({
      label: 'Names',
      description: 'nightly',
      db_id: 3,
      catalog: undefined,
      schema: 'main',
      sql: 'SELECT name FROM birth_names',
      extra_json: JSON.stringify({ schedule_info: scheduleInfo }),
    });
  });

  it('posts the scheduled query and toasts the success', async () => {
    const sent = stubServer(() => Response.json({ id: 5, result: {} }, { status: 201 }));
    const onClose = vi.fn();
    renderWithTheme(<ScheduleQueryModal tab={tab} databaseId={1} now={now} onClose={onClose} />);
    expect(screen.getByTestId(testIds.sqlLab.scheduleQueryLabel)).toHaveProperty('value', 'Untitled Query 1');
    fireEvent.change(screen.getByTestId(testIds.sqlLab.scheduleQueryLabel), { target: { value: 'Names' } });
    fireEvent.change(screen.getByTestId(testIds.sqlLab.scheduleQueryOutputTable), { target: { value: 'names_copy' } });
    fireEvent.change(screen.getByTestId(testIds.sqlLab.scheduleQueryInterval), { target: { value: '@daily' } });
    fireEvent.click(screen.getByTestId(testIds.sqlLab.scheduleQuerySubmit));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/saved_query/');
    expect(sent[0]?.body).toMatchObject({ label: 'Names', db_id: 1, schema: 'main', sql: 'SELECT name FROM birth_names' });
    const extra = JSON.parse(String(sent[0]?.body.extra_json)) as { schedule_info: Record<string, string> };
    expect(extra.schedule_info).toEqual({
      output_table: 'names_copy',
      start_date: new Date(2026, 10, 25, 9, 0).toISOString(),
      end_date: new Date(2026, 11, 24, 9, 0).toISOString(),
      schedule_interval: '@daily',
    });
    expect(toastTexts().some((text) => text.includes(scheduleQueryMessages.scheduled))).toBe(true);
  });

  it("toasts the danger 'Your query could not be scheduled' when the server refuses, and stays open", async () => {
    const sent = stubServer(() => Response.json({ message: { label: ['Missing data for required field.'] } }, { status: 400 }));
    const onClose = vi.fn();
    renderWithTheme(<ScheduleQueryModal tab={tab} databaseId={1} now={now} onClose={onClose} />);
    fireEvent.click(screen.getByTestId(testIds.sqlLab.scheduleQuerySubmit));
    await waitFor(() => expect(toastTexts().some((text) => text.includes('Your query could not be scheduled'))).toBe(true));
    expect(scheduleQueryMessages.scheduleFailed).toBe('Your query could not be scheduled');
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    const toast = document.querySelector(`[data-testid="${testIds.toast.item}"]`);
    expect(toast?.getAttribute('data-toast-type')).toBe('danger');
    // It can be sent again.
    expect(screen.getByTestId(testIds.sqlLab.scheduleQuerySubmit)).toHaveProperty('disabled', false);
  });

  it('refuses an end date before the start date', () => {
    const sent = stubServer(() => Response.json({ id: 5, result: {} }, { status: 201 }));
    renderWithTheme(<ScheduleQueryModal tab={tab} databaseId={1} now={now} onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId(testIds.sqlLab.scheduleQueryEnd), { target: { value: '2026-11-20T09:00' } });
    expect(screen.getByRole('alert').textContent).toBe('End date cannot be before start date');
    expect(screen.getByTestId(testIds.sqlLab.scheduleQuerySubmit)).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId(testIds.sqlLab.scheduleQuerySubmit));
    expect(sent).toHaveLength(0);
  });
});
