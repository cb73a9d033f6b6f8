import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { Select, type SelectOption } from './Select';
import { virtualListThreshold, virtualOptionHeight } from './selectLimits';
import { listedOptionCount, scrollListToEnd, virtualSpacerHeights } from './selectListTesting';

const columns: SelectOption[] = ['gender', 'name', 'num', 'state'].map((name) => ({ value: name, label: name }));

interface MultipleHarnessProps {
  options?: readonly SelectOption[];
  initialValues?: string[];
  allowsNewOptions?: boolean;
  loadError?: string | null;
}

function MultipleHarness({ options = columns, initialValues = [], allowsNewOptions = false, loadError = null }: MultipleHarnessProps): JSX.Element {
  const [values, setValues] = useState<string[]>(initialValues);
  return (
    <>
      <Select
        mode="multiple"
        ariaLabel="Dimensions"
        options={options}
        value={values}
        allowsNewOptions={allowsNewOptions}
        loadError={loadError}
        onChange={setValues}
      />
      <output data-testid="chosen">{values.join('|')}</output>
    </>
  );
}

function SingleHarness(): JSX.Element {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select mode="single" ariaLabel="Aggregate" options={columns} value={value} onChange={setValue} />
      <output data-testid="chosen">{value ?? ''}</output>
    </>
  );
}

const chosen = (): string => screen.getByTestId('chosen').textContent;

describe('Select', () => {
  it('chooses several values with the mouse and keeps the list open', () => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Dimensions' });
    fireEvent.focus(combobox);
    fireEvent.click(screen.getByRole('option', { name: 'gender' }));
    fireEvent.click(screen.getByRole('option', { name: 'state' }));
    expect(chosen()).toBe('gender|state');
    expect(screen.getByRole('option', { name: /state/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters by typing and chooses with Enter; Backspace removes the last value', () => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Dimensions' });
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'sta' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['state']);
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(chosen()).toBe('state');
    fireEvent.keyDown(combobox, { key: 'Backspace' });
    expect(chosen()).toBe('');
  });

  it('removes a value with its chip button', () => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Dimensions' });
    fireEvent.focus(combobox);
    fireEvent.click(screen.getByRole('option', { name: 'num' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove num' }));
    expect(chosen()).toBe('');
  });

  it('moves with the arrow keys, chooses one value and closes', () => {
    renderWithTheme(<SingleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Aggregate' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(chosen()).toBe('num');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and says "No data" when nothing matches', () => {
    renderWithTheme(<SingleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Aggregate' });
    fireEvent.change(combobox, { target: { value: 'zzz' } });
    expect(screen.getByRole('listbox').textContent).toBe('No data');
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('offers the typed text as a new option when new options are allowed', () => {
    let chosenValue: string | null = null;
    renderWithTheme(
      <Select
        mode="single"
        ariaLabel="Row limit"
        options={[{ value: '10', label: '10' }]}
        value={null}
        allowsNewOptions
        onChange={(value) => {
          chosenValue = value;
        }}
      />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Row limit' });
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: '10' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10']);
    fireEvent.change(combobox, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    expect(chosenValue).toBe('25');
  });

  it.each([
    ['comma', 'gender,state'],
    ['CRLF', 'gender\r\nstate'],
    ['LF', 'gender\nstate'],
    ['tab', 'gender\tstate'],
    ['semicolon', 'gender;state'],
  ])('splits a paste on %s into values', (_separator, text) => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox', { name: 'Dimensions' });
    fireEvent.paste(combobox, { clipboardData: { getData: () => text } });
    expect(chosen()).toBe('gender|state');
  });

  it('keeps only the pasted values among the options when new options are not allowed', () => {
    renderWithTheme(<MultipleHarness initialValues={['num']} />);
    fireEvent.paste(screen.getByRole('combobox'), { clipboardData: { getData: () => ' name ;unknown,num\tname' } });
    expect(chosen()).toBe('num|name');
  });

  it('creates the pasted values that are not options when new options are allowed', () => {
    renderWithTheme(<MultipleHarness allowsNewOptions />);
    fireEvent.paste(screen.getByRole('combobox'), { clipboardData: { getData: () => 'a,b;c\td\r\ne\nstate' } });
    expect(chosen()).toBe('a|b|c|d|e|state');
  });

  it('lets a single unmatched pasted word reach the search box', () => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox');
    const isHandled = !fireEvent.paste(combobox, { clipboardData: { getData: () => 'sta' } });
    expect(isHandled).toBe(false);
    expect(chosen()).toBe('');
  });

  it('shows at most four tags, then "+ N ..."', () => {
    const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ value: name, label: name.toUpperCase() }));
    renderWithTheme(<MultipleHarness options={many} initialValues={['a', 'b', 'c', 'd', 'e', 'f']} />);
    expect(screen.getAllByTestId(testIds.select.tag).map((tag) => tag.getAttribute('data-value'))).toEqual(['a', 'b', 'c', 'd']);
    const more = screen.getByTestId(testIds.select.moreTags);
    expect(more.textContent).toBe('+ 2 ...');
    expect(more.getAttribute('title')).toBe('E, F');
  });

  it('"Select All" chooses every shown option, "Deselect All" clears', () => {
    renderWithTheme(<MultipleHarness initialValues={['num']} />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(chosen()).toBe('num|gender|name|state');
    expect(screen.getByRole('button', { name: 'Select All' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(chosen()).toBe('');
  });

  it('"Select All" chooses only the options the search shows', () => {
    renderWithTheme(<MultipleHarness />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(chosen()).toBe('gender|name|num');
  });

  it('offers no "Select All" to a single select', () => {
    renderWithTheme(<SingleHarness />);
    fireEvent.focus(screen.getByRole('combobox'));
    expect(screen.queryByRole('button', { name: 'Select All' })).toBeNull();
  });

  it('holds 100 options and the next 100 when the list is scrolled to its end', () => {
    const many = Array.from({ length: 250 }, (_, index) => ({ value: `v${index}`, label: `Value ${index}` }));
    renderWithTheme(<MultipleHarness options={many} />);
    fireEvent.focus(screen.getByRole('combobox'));
    const listbox = screen.getByRole('listbox');
    expect(listedOptionCount(listbox)).toBe(100);
    scrollListToEnd(listbox);
    expect(listedOptionCount(listbox)).toBe(200);
    scrollListToEnd(listbox);
    expect(listedOptionCount(listbox)).toBe(250);
    // At the end of the list its last options are rendered.
    scrollListToEnd(listbox);
    expect(listedOptionCount(listbox)).toBe(250);
    expect(screen.getByRole('option', { name: 'Value 249' }).getAttribute('aria-posinset')).toBe('250');
  });

  it('renders every option of a list of up to 20 (the virtual threshold), only those in view of a longer one', { timeout: 20_000 }, () => {
    expect(virtualListThreshold).toBe(20);
    const options = (count: number): SelectOption[] => Array.from({ length: count }, (_, index) => ({ value: `v${index}`, label: `Value ${index}` }));
    const { unmount } = renderWithTheme(<MultipleHarness options={options(20)} />);
    fireEvent.focus(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(virtualSpacerHeights(screen.getByRole('listbox'))).toEqual([]);
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-setsize')).toBeNull();
    unmount();

    renderWithTheme(<MultipleHarness options={options(100)} />);
    fireEvent.focus(screen.getByRole('combobox'));
    const listbox = screen.getByRole('listbox');
    const rendered = screen.getAllByRole('option');
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]?.textContent).toBe('Value 0');
    expect(rendered.map((option) => option.getAttribute('aria-setsize'))).toEqual(rendered.map(() => '100'));
    // The options not rendered are held by a spacer 32 px per option.
    expect(virtualSpacerHeights(listbox)).toEqual([(100 - rendered.length) * virtualOptionHeight]);

    // The keyboard walks into options not rendered yet: the list scrolls to the active one.
    Object.defineProperties(listbox, {
      scrollHeight: { configurable: true, value: 100 * virtualOptionHeight },
      clientHeight: { configurable: true, value: 240 },
    });
    const combobox = screen.getByRole('combobox');
    for (let step = 0; step < 30; step += 1) fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    const active = document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Value 30');
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(chosen()).toBe('v30');
  });

  it('shows a load error inside the list, without "Select All"', () => {
    renderWithTheme(<MultipleHarness options={[]} loadError="Server error" />);
    fireEvent.focus(screen.getByRole('combobox'));
    const listbox = screen.getByRole('listbox');
    expect(listbox.contains(screen.getByRole('alert'))).toBe(true);
    expect(screen.getByTestId(testIds.select.loadError).textContent).toBe('Server error');
    expect(screen.queryByRole('button', { name: 'Select All' })).toBeNull();
  });

  it('Escape closes a multiple select; Backspace removes the last tag, hidden ones first', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ value: name, label: name }));
    renderWithTheme(<MultipleHarness options={many} initialValues={['a', 'b', 'c', 'd', 'e']} />);
    const combobox = screen.getByRole('combobox');
    fireEvent.focus(combobox);
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(combobox, { key: 'Backspace' });
    expect(chosen()).toBe('a|b|c|d');
    expect(screen.queryByTestId(testIds.select.moreTags)).toBeNull();
  });
});
