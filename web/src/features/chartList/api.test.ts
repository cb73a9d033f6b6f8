import { describe, expect, it } from 'vitest';
import { chartListQuery } from './api';

describe('chartListQuery', () => {
  it('encodes search, type and favorite filters with the sort and page as rison', () => {
    const q = chartListQuery(
      {
        filters: [
          { id: 'search', value: "it's!" },
          { id: 'viz_type', value: 'table' },
          { id: 'favorite', value: 'yes' },
        ],
        pageIndex: 2,
        sortColumn: 'slice_name',
        sortOrder: 'asc',
      },
      25,
    );
    expect(q).toBe(
      "(filters:!((col:slice_name,opr:chart_all_text,value:'it!'s!!'),(col:viz_type,opr:eq,value:'table'),(col:id,opr:chart_is_favorite,value:!t))," +
        'order_column:slice_name,order_direction:asc,page:2,page_size:25)',
    );
  });

  it('leaves out unknown filters and sends an empty filter list', () => {
    expect(chartListQuery({ filters: [{ id: 'other', value: 'x' }], pageIndex: 0, sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' }, 25)).toBe(
      '(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)',
    );
  });
});
