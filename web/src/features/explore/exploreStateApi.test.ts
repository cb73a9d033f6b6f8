import { describe, expect, it } from 'vitest';
import { urlWithFormDataKey } from './exploreStateApi';

describe('urlWithFormDataKey', () => {
  it('adds the key and keeps the datasource', () => {
    expect(urlWithFormDataKey('http://q.local/explore/?datasource_type=table&datasource_id=3', 'k1', null)).toBe(
      '/explore/?datasource_type=table&datasource_id=3&form_data_key=k1',
    );
  });

  it('replaces an older key and names the saved chart', () => {
    expect(urlWithFormDataKey('http://q.local/explore/?form_data_key=old', 'new', 7)).toBe('/explore/?form_data_key=new&slice_id=7');
  });

  it('turns a permalink path into the Explore path', () => {
    expect(urlWithFormDataKey('http://q.local/explore/p/abc/', 'k2', 4)).toBe('/explore/?form_data_key=k2&slice_id=4');
  });
});
