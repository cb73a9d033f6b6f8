import { describe, expect, it } from 'vitest';
import { dashboardListQuery } from './api';

describe('dashboardListQuery', () => {
  it('encodes the search, status, owner, favorite and certified filters as Superset does', () => {
    const q = dashboardListQuery(
      {
        filters: [
          { id: 'search', value: "it's" },
          { id: 'status', value: 'draft' },
          { id: 'owner', value: '3' },
          { id: 'favorite', value: 'yes' },
          { id: 'certified', value: 'no' },
          { id: 'status', value: 'unknown' },
        ],
        pageIndex: 1,
        sortColumn: 'dashboard_title',
        sortOrder: 'asc',
      },
      25,
    );
    expect(q).toBe(
      "(filters:!((col:dashboard_title,opr:title_or_slug,value:'it!'s'),(col:published,opr:eq,value:!f),(col:owners,opr:rel_m_m,value:'3')," +
        '(col:id,opr:dashboard_is_favorite,value:!t),(col:id,opr:dashboard_is_certified,value:!f)),' +
        'order_column:dashboard_title,order_direction:asc,page:1,page_size:25)',
    );
  });
});
