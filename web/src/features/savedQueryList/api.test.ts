import { describe, expect, it } from 'vitest';
import { savedQueryListQuery } from './api';

describe('savedQueryListQuery', () => {
  it('encodes the search as all_text on the label and the Tag filter as saved_query_tags', () => {
    const q = savedQueryListQuery(
      {
        filters: [
          { id: 'search', value: 'births' },
          { id: 'tag', value: 'finance' },
        ],
        pageIndex: 1,
        sortColumn: 'changed_on_delta_humanized',
        sortOrder: 'desc',
      },
      25,
    );
    expect(q).toBe(
      "(filters:!((col:label,opr:all_text,value:'births'),(col:tags,opr:saved_query_tags,value:'finance'))," +
        'order_column:changed_on_delta_humanized,order_direction:desc,page:1,page_size:25)',
    );
  });

  it('encodes the Database filter as rel_o_m on the id and the Schema filter as eq', () => {
    const q = savedQueryListQuery(
      {
        filters: [
          { id: 'database', value: '3' },
          { id: 'schema', value: 'main' },
          { id: 'database', value: 'not a number' },
        ],
        pageIndex: 0,
        sortColumn: 'label',
        sortOrder: 'asc',
      },
      25,
    );
    expect(q).toBe("(filters:!((col:database,opr:rel_o_m,value:3),(col:schema,opr:eq,value:'main')),order_column:label,order_direction:asc,page:0,page_size:25)");
  });
});
