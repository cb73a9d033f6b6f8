import { describe, expect, it } from 'vitest';
import { toggledCrossFilter } from './crossFilterSelection';

describe('toggledCrossFilter', () => {
  it('selects the clicked value and clears it on a second click', () => {
    expect(toggledCrossFilter('state', 'CA', undefined)).toEqual({ column: 'state', values: ['CA'], label: 'CA' });
    expect(toggledCrossFilter('state', 'NY', ['CA'])).toEqual({ column: 'state', values: ['NY'], label: 'NY' });
    expect(toggledCrossFilter('state', 'CA', ['CA'])).toBeNull();
    expect(toggledCrossFilter('num', null, [])).toEqual({ column: 'num', values: [null], label: '<NULL>' });
  });
});
