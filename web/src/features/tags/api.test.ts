import { describe, expect, it } from 'vitest';
import { allEntitiesPath, skippedMessage, taggedMessage, tagListQuery, truncatedTagName } from './api';

describe('tags', () => {
  it('cuts names longer than 20 characters with an ellipsis', () => {
    expect(truncatedTagName('short')).toBe('short');
    expect(truncatedTagName('exactly twenty chars')).toBe('exactly twenty chars');
    expect(truncatedTagName('a tag name that is far too long')).toBe('a tag name that is f...');
  });

  it('says what bulk tagging did', () => {
    expect(taggedMessage(3, 'chart')).toBe('Tagged 3 charts');
    expect(skippedMessage(2)).toBe('2 items could not be tagged because you don’t have edit permissions to all selected objects.');
  });

  it('lists custom tags with the search filter', () => {
    const state = { filters: [{ id: 'search', value: "o'k" }], pageIndex: 1, sortColumn: 'name', sortOrder: 'asc' as const };
    expect(tagListQuery(state, 25)).toBe(
      "(filters:!((col:type,opr:custom_tag,value:!t),(col:name,opr:ct,value:'o!'k')),order_column:name,order_direction:asc,page:1,page_size:25)",
    );
    expect(allEntitiesPath(4)).toBe('/superset/all_entities/?id=4');
  });
});
