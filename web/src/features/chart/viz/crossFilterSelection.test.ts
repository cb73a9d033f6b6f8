import { describe, expect, it } from 'vitest';
import { seriesGroupbyValues, toggledCrossFilter, toggledSeriesCrossFilter } from './crossFilterSelection';

describe('toggledCrossFilter', () => {
  it('selects the clicked value and clears it on a second click', () => {
    expect(toggledCrossFilter('state', 'CA', undefined)).toEqual({ clauses: [{ column: 'state', values: ['CA'] }], values: ['CA'], label: 'CA' });
    expect(toggledCrossFilter('state', 'NY', ['CA'])).toEqual({ clauses: [{ column: 'state', values: ['NY'] }], values: ['NY'], label: 'NY' });
    expect(toggledCrossFilter('state', 'CA', ['CA'])).toBeNull();
    expect(toggledCrossFilter('num', null, [])).toEqual({ clauses: [{ column: 'num', values: [null] }], values: [null], label: '<NULL>' });
  });
});

describe('toggledSeriesCrossFilter', () => {
  it("filters each group-by column on the series' value, keeps the values as one selection, and clears on a second click", () => {
    expect(toggledSeriesCrossFilter(['gender', 'state'], ['boy', 'CA'], undefined)).toEqual({
      clauses: [
        { column: 'gender', values: ['boy'] },
        { column: 'state', values: ['CA'] },
      ],
      values: [['boy', 'CA']],
      label: 'boy, CA',
    });
    expect(toggledSeriesCrossFilter(['gender'], ['girl'], [['boy']])).toEqual({ clauses: [{ column: 'gender', values: ['girl'] }], values: [['girl']], label: 'girl' });
    expect(toggledSeriesCrossFilter(['gender', 'state'], ['boy', 'CA'], [['boy', 'CA']])).toBeNull();
    expect(toggledSeriesCrossFilter(['gender'], [null], undefined)?.label).toBe('<NULL>');
  });
});

describe('seriesGroupbyValues', () => {
  it.each([
    { name: 'boy', count: 1, values: ['boy'] },
    { name: 'SUM(num), boy', count: 1, values: ['boy'] },
    { name: 'boy, CA', count: 2, values: ['boy', 'CA'] },
    { name: 'SUM(num), boy, CA', count: 2, values: ['boy', 'CA'] },
    { name: 'SUM(num), a\\, b', count: 1, values: ['a, b'] },
    { name: 'SUM(num), <NULL>', count: 1, values: [null] },
    { name: 'SUM(num)', count: 0, values: null },
    { name: 'boy', count: 2, values: null },
  ])('reads $name with $count group-by columns', ({ name, count, values }) => {
    expect(seriesGroupbyValues(name, count)).toEqual(values);
  });
});
