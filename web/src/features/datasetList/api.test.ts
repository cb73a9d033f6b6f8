import { describe, expect, it } from 'vitest';
import { datasetListQuery } from './api';

describe('datasetListQuery', () => {
  it('encodes type as the null-or-empty SQL filter, database as a relation and schema as equality', () => {
    const q = datasetListQuery(
      {
        filters: [
          { id: 'search', value: 'orders' },
          { id: 'kind', value: 'virtual' },
          { id: 'database', value: '1' },
          { id: 'schema', value: 'main' },
        ],
        pageIndex: 0,
        sortColumn: 'changed_on_delta_humanized',
        sortOrder: 'desc',
      },
      25,
    );
    expect(q).toBe(
      "(filters:!((col:table_name,opr:ct,value:'orders'),(col:sql,opr:dataset_is_null_or_empty,value:!f),(col:database,opr:rel_o_m,value:'1')," +
        "(col:schema,opr:eq,value:'main')),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)",
    );
  });

  it('encodes the Tag filter as dataset_tags on the tag name', () => {
    const q = datasetListQuery({ filters: [{ id: 'tag', value: 'finance' }], pageIndex: 0, sortColumn: 'table_name', sortOrder: 'asc' }, 25);
    expect(q).toBe("(filters:!((col:tags,opr:dataset_tags,value:'finance')),order_column:table_name,order_direction:asc,page:0,page_size:25)");
  });
});
