import { describe, expect, it } from 'vitest';
import { exploreApiPath, exploreTargetFromSearch } from './api';

describe('explore target', () => {
  it('reads the datasource and the optional slice', () => {
    const target = exploreTargetFromSearch(new URLSearchParams('datasource_type=table&datasource_id=3&slice_id=12'));
    expect(target).toEqual({ datasourceType: 'table', datasourceId: 3, sliceId: 12 });
    expect(target && exploreApiPath(target)).toBe('/api/v1/explore/?datasource_type=table&datasource_id=3&slice_id=12');
  });

  it('needs a positive integer datasource id', () => {
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_type=table'))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_id=abc'))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_id=3'))).toEqual({ datasourceType: 'table', datasourceId: 3, sliceId: null });
  });
});
