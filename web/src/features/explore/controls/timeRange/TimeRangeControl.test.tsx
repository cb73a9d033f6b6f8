import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { TimeRangeControl } from './TimeRangeControl';

/** What the fake server resolves, at 2024-06-15 14:30 UTC; anything else answers 400 like the server. */
const resolvedRanges: Readonly<Record<string, [string, string]>> = {
  'Last week': ['2024-06-08T00:00:00', '2024-06-15T00:00:00'],
  'Last month': ['2024-05-15T00:00:00', '2024-06-15T00:00:00'],
  'previous calendar month': ['2024-05-01T00:00:00', '2024-06-01T00:00:00'],
  'DATEADD(DATETIME("2024-06-15T00:00:00"), -7, day) : 2024-06-15T00:00:00': ['2024-06-08T00:00:00', '2024-06-15T00:00:00'],
  'DATEADD(DATETIME("2024-02-01T00:00:00"), -7, day) : 2024-02-01T00:00:00': ['2024-01-25T00:00:00', '2024-02-01T00:00:00'],
  'DATEADD(DATETIME("2024-02-01T00:00:00"), -14, day) : 2024-02-01T00:00:00': ['2024-01-18T00:00:00', '2024-02-01T00:00:00'],
  '2024-01-01T00:00:00 : 2024-06-15T00:00:00': ['2024-01-01T00:00:00', '2024-06-15T00:00:00'],
  ' : ': ['', ''],
  '2024-01-01 : ': ['2024-01-01T00:00:00', ''],
  '2024-01-01 : now': ['2024-01-01T00:00:00', '2024-06-15T14:30:00'],
};

/** The rison string literal of `q`, unquoted. */
function risonStringValue(q: string): string {
  return q.slice(1, -1).replace(/!(.)/g, '$1');
}

function stubTimeRangeServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const q = new URL(url, 'http://quiver.test').searchParams.get('q') ?? '';
    const timeRange = risonStringValue(q);
    asked.push(timeRange);
    const bounds = resolvedRanges[timeRange];
    if (bounds === undefined) {
      return Promise.resolve(Response.json({ message: `Unexpected time range: Cannot parse time string [${timeRange}]` }, { status: 400 }));
    }
    return Promise.resolve(Response.json({ result: [{ since: bounds[0], until: bounds[1], timeRange }] }));
  });
  return asked;
}

function renderControl(value: string): Mock<(value: string) => void> {
  const onChange = vi.fn<(value: string) => void>();
  renderWithTheme(<TimeRangeControl label="Time Range" value={value} isInvalid={false} onChange={onChange} />);
  return onChange;
}

function openEditor(): HTMLElement {
  fireEvent.click(screen.getByTestId(testIds.explore.timeRangeTrigger));
  return screen.getByRole('dialog', { name: 'Edit time range' });
}

function choose(dialog: HTMLElement, selectName: string, optionName: string): void {
  fireEvent.focus(within(dialog).getByRole('combobox', { name: selectName }));
  fireEvent.click(within(dialog).getByRole('option', { name: optionName }));
}

function actualTimeRange(): string {
  return screen.getByTestId(testIds.explore.timeRangeActual).textContent;
}

function applyButton(): HTMLButtonElement {
  return screen.getByTestId<HTMLButtonElement>(testIds.explore.timeRangeApplyButton);
}

/** Waits past the debounce for the edited value's actual range. */
async function expectActualTimeRange(text: string): Promise<void> {
  await waitFor(() => expect(actualTimeRange()).toBe(text), { timeout: 3000 });
}

describe('TimeRangeControl', () => {
  beforeEach(() => {
    // Only the clock: Custom's starting range is 7 days before midnight of "now".
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2024, 5, 15, 14, 30)));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a named range as it is and opens "Edit time range" on its frame', async () => {
    stubTimeRangeServer();
    renderControl('Last week');
    const trigger = screen.getByRole('button', { name: 'Time Range: Last week' });
    await waitFor(() => expect(trigger.getAttribute('title')).toBe('2024-06-08 ≤ col < 2024-06-15'));

    const dialog = openEditor();
    expect(within(dialog).getByRole('radio', { name: 'last week' })).toHaveProperty('checked', true);
    await expectActualTimeRange('2024-06-08 ≤ col < 2024-06-15');
  });

  it('Last: picks "last month", shows its actual range, and Apply sets "Last month"', async () => {
    const asked = stubTimeRangeServer();
    const onChange = renderControl('No filter');
    const dialog = openEditor();
    expect(actualTimeRange()).toBe('No filter');
    expect(applyButton().disabled).toBe(false);

    choose(dialog, 'Range type', 'Last');
    expect(within(dialog).getByRole('radio', { name: 'last week' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'last month' }));
    expect(applyButton().disabled).toBe(true);
    await expectActualTimeRange('2024-05-15 ≤ col < 2024-06-15');
    // Debounced: "Last week" (chosen first, left at once) was never asked.
    expect(asked).toEqual(['Last month']);

    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith('Last month');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Previous: sets "previous calendar month"', async () => {
    stubTimeRangeServer();
    const onChange = renderControl('No filter');
    const dialog = openEditor();
    choose(dialog, 'Range type', 'Previous');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'previous calendar month' }));
    await expectActualTimeRange('2024-05-01 ≤ col < 2024-06-01');
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith('previous calendar month');
  });

  it('Cancel and Escape discard the edit', () => {
    stubTimeRangeServer();
    const onChange = renderControl('Last week');
    let dialog = openEditor();
    choose(dialog, 'Range type', 'No filter');
    fireEvent.click(screen.getByTestId(testIds.explore.timeRangeCancelButton));
    expect(screen.queryByRole('dialog')).toBeNull();

    dialog = openEditor();
    expect(within(dialog).getByRole('radio', { name: 'last week' })).toHaveProperty('checked', true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Custom: starts 7 days before midnight, and a specific start writes "start : end"', async () => {
    stubTimeRangeServer();
    const onChange = renderControl('No filter');
    const dialog = openEditor();
    choose(dialog, 'Range type', 'Custom');
    expect(within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: 'START (INCLUSIVE) relative quantity' }).value).toBe('7');
    // The browser leaves zero seconds out of the input's value.
    expect(within(dialog).getByLabelText<HTMLInputElement>('END (EXCLUSIVE) date/time').value).toBe('2024-06-15T00:00');
    await expectActualTimeRange('2024-06-08 ≤ col < 2024-06-15');

    choose(dialog, 'START (INCLUSIVE)', 'Specific Date/Time');
    fireEvent.change(within(dialog).getByLabelText('START (INCLUSIVE) date/time'), { target: { value: '2024-01-01T00:00' } });
    await expectActualTimeRange('2024-01-01 ≤ col < 2024-06-15');
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith('2024-01-01T00:00:00 : 2024-06-15T00:00:00');
  });

  it('Custom: reads a relative start back into the form and writes the new amount', async () => {
    stubTimeRangeServer();
    const value = 'DATEADD(DATETIME("2024-02-01T00:00:00"), -7, day) : 2024-02-01T00:00:00';
    const onChange = renderControl(value);
    // A custom range's trigger shows its bounds, and the value on hover.
    const trigger = await screen.findByRole('button', { name: 'Time Range: 2024-01-25 ≤ col < 2024-02-01' });
    expect(trigger.getAttribute('title')).toBe(value);

    const dialog = openEditor();
    expect(within(dialog).getByRole('combobox', { name: 'Range type' }).parentElement?.textContent).toContain('Custom');
    const quantity = within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: 'START (INCLUSIVE) relative quantity' });
    expect(quantity.value).toBe('7');
    expect(within(dialog).getByRole('combobox', { name: 'START (INCLUSIVE) relative period' }).parentElement?.textContent).toContain(
      'Days Before',
    );
    fireEvent.change(quantity, { target: { value: '14' } });
    await expectActualTimeRange('2024-01-18 ≤ col < 2024-02-01');
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith('DATEADD(DATETIME("2024-02-01T00:00:00"), -14, day) : 2024-02-01T00:00:00');
  });

  it('Advanced: combines START and END, and a server error disables Apply', async () => {
    stubTimeRangeServer();
    const onChange = renderControl('No filter');
    const dialog = openEditor();
    choose(dialog, 'Range type', 'Advanced');
    await expectActualTimeRange('-∞ ≤ col < ∞');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'START (INCLUSIVE)' }), { target: { value: '2024-01-01' } });
    await expectActualTimeRange('2024-01-01 ≤ col < ∞');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'END (EXCLUSIVE)' }), { target: { value: 'soon' } });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Unexpected time range: Cannot parse time string [2024-01-01 : soon]'), {
      timeout: 3000,
    });
    expect(applyButton().disabled).toBe(true);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'END (EXCLUSIVE)' }), { target: { value: 'now' } });
    await expectActualTimeRange('2024-01-01 ≤ col < 2024-06-15T14:30:00');
    await waitFor(() => expect(applyButton().disabled).toBe(false));
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith('2024-01-01 : now');
  });
});
