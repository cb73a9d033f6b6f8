import { describe, expect, it } from 'vitest';
import { defaultTableDisplayOptions, pageSizeOptions, readTableDisplayOptions } from './tableOptions';

describe('readTableDisplayOptions', () => {
  it('has the catalogue defaults', () => {
    expect(readTableDisplayOptions({ viz_type: 'table' } as never)).toEqual(defaultTableDisplayOptions);
  });

  it('reads the options, page_length saved as text too', () => {
    const options = readTableDisplayOptions({
      viz_type: 'table',
      page_length: '20',
      include_search: true,
      show_cell_bars: false,
      align_pn: true,
      color_pn: false,
    } as never);
    expect(options).toMatchObject({ pageLength: 20, includeSearch: true, showCellBars: false, alignPositiveNegative: true, colorPositiveNegative: false });
  });
});

describe('pageSizeOptions', () => {
  it('offers All and the choices up to twice the row count', () => {
    expect(pageSizeOptions(30, 10)).toEqual([0, 10, 20, 50]);
    expect(pageSizeOptions(1000, 10)).toEqual([0, 10, 20, 50, 100, 200]);
  });

  it('slots in a free-form page length', () => {
    expect(pageSizeOptions(100, 15)).toEqual([0, 10, 15, 20, 50, 100, 200]);
  });
});
