import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { NumberTextInput, numberInputValue } from './NumberTextInput';

interface HarnessProps {
  initialValue: unknown;
  onChange: (value: number | string | null) => void;
}

/** Holds the value as the form data does, so each change comes back as the new value. */
function Harness({ initialValue, onChange }: HarnessProps): JSX.Element {
  const [value, setValue] = useState<unknown>(initialValue);
  return (
    <>
      <NumberTextInput
        label="Periods"
        value={value}
        isInvalid={false}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue(7)}>
        Load 7
      </button>
    </>
  );
}

function box(): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Periods' });
}

describe('numberInputValue', () => {
  it('reads a number, keeps other text for the core to refuse, and empties to null', () => {
    expect(numberInputValue('2')).toBe(2);
    expect(numberInputValue(' 2.5 ')).toBe(2.5);
    expect(numberInputValue('2x')).toBe('2x');
    expect(numberInputValue('  ')).toBeNull();
  });
});

describe('NumberTextInput', () => {
  it('keeps "2." while typing "2.5" key by key, so a decimal reaches the core', () => {
    const onChange = vi.fn<(value: number | string | null) => void>();
    renderWithTheme(<Harness initialValue={null} onChange={onChange} />);
    for (const text of ['2', '2.', '2.5']) fireEvent.change(box(), { target: { value: text } });
    expect(box().value).toBe('2.5');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([2, 2, 2.5]);
  });

  it('shows a value set elsewhere, and clears to null', () => {
    const onChange = vi.fn<(value: number | string | null) => void>();
    renderWithTheme(<Harness initialValue={3} onChange={onChange} />);
    expect(box().value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Load 7' }));
    expect(box().value).toBe('7');
    fireEvent.change(box(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box().value).toBe('');
  });
});
