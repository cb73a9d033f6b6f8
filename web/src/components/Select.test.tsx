import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { Select, type SelectOption } from './Select';

const columns: SelectOption[] = ['gender', 'name', 'num', 'state'].map((name) => ({ value: name, label: name }));

function MultipleHarness(): JSX.Element {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <Select mode="multiple" ariaLabel="Dimensions" options={columns} value={values} onChange={setValues} />
      <output data-testid="chosen">{values.join(',')}</output>
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
    expect(chosen()).toBe('gender,state');
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

  it('leaves the search to the caller when told: options shown as given, the typed text reported, cleared on close', () => {
    const searches: string[] = [];
    renderWithTheme(
      <Select mode="multiple" ariaLabel="Owners" options={columns} value={[]} onChange={() => undefined} onSearchChange={(search) => searches.push(search)} />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Owners' });
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'zz' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['gender', 'name', 'num', 'state']);
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(searches).toEqual(['zz', '']);
  });
});
