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
});
