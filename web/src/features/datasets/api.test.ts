import { describe, expect, it } from 'vitest';
import { emptyToNull, integerError, notAnIntegerMessage } from './api';

describe('the dataset editor rules', () => {
  it('turns empty values into null', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(',.2f')).toBe(',.2f');
  });

  it('wants whole numbers', () => {
    expect(integerError('')).toBeNull();
    expect(integerError('600')).toBeNull();
    expect(integerError('-5')).toBeNull();
    expect(integerError('1.5')).toBe(notAnIntegerMessage);
    expect(integerError('soon')).toBe('is expected to be an integer');
  });
});
