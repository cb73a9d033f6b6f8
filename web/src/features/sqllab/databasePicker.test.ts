import { describe, expect, it } from 'vitest';
import { schemaOptions, selectCatalog, selectDatabase, showsCatalogSelect, valueForList } from './databasePicker';

describe('database picker rules (spec 001 section 4)', () => {
  it('a new database clears the catalog and the schema; a new catalog clears the schema', () => {
    expect(selectDatabase(3)).toEqual({ dbId: 3, catalog: null, schema: null });
    expect(selectDatabase(null)).toEqual({ dbId: null, catalog: null, schema: null });
    expect(selectCatalog('west')).toEqual({ catalog: 'west', schema: null });
  });

  it.each([
    { options: ['main'], current: null, kept: 'main' },
    { options: ['main'], current: 'other', kept: 'main' },
    { options: ['a', 'b'], current: 'b', kept: 'b' },
    { options: ['a', 'b'], current: 'c', kept: null },
    { options: ['a', 'b'], current: null, kept: null },
    { options: [], current: 'a', kept: null },
  ])('$options with $current keeps $kept', ({ options, current, kept }) => {
    expect(valueForList(options, current)).toBe(kept);
  });

  it('shows the catalog select only for a database that allows several catalogs', () => {
    expect(showsCatalogSelect({ allow_multi_catalog: true })).toBe(true);
    expect(showsCatalogSelect({ allow_multi_catalog: false })).toBe(false);
    expect(showsCatalogSelect(null)).toBe(false);
  });

  it("offers each schema as spec 000 section 3's option: value, label and title", () => {
    expect(schemaOptions(['main', 'a_very_long_schema_name'])).toEqual([
      { value: 'main', label: 'main', title: 'main' },
      { value: 'a_very_long_schema_name', label: 'a_very_long_schema_name', title: 'a_very_long_schema_name' },
    ]);
    expect(schemaOptions([])).toEqual([]);
  });
});
