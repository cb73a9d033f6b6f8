import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { emptyToNull, integerError, notAnIntegerMessage, saveErrorText, swapDatasetQuery } from './api';

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

describe('the swap dialog and the save error', () => {
  it('searches table_name with a contains filter, newest first, 10 a page', () => {
    expect(swapDatasetQuery('', 0)).toBe('(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:10)');
    expect(swapDatasetQuery(" o'hare ", 2)).toBe(
      "(filters:!((col:table_name,opr:ct,value:'o!'hare')),order_column:changed_on_delta_humanized,order_direction:desc,page:2,page_size:10)",
    );
  });

  it("shows the first server error, or the plain error's text", () => {
    const typed = new ApiError('Invalid input', {
      status: 422,
      errors: [{ message: 'Dataset could not be updated.', error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} }],
    });
    expect(saveErrorText(typed)).toBe('Dataset could not be updated.');
    expect(saveErrorText(new ApiError('is expected to be an integer', { status: 400 }))).toBe('is expected to be an integer');
    expect(saveErrorText(new Error('Network error'))).toBe('Network error');
  });
});
