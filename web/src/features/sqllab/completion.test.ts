import { describe, expect, it } from 'vitest';
import { virtualDatasetPayload, exploreDatasetPath } from './datasetApi';
import { defaultDatasetName } from './SaveDatasetModal';
import { columnAndFunctionOptions, completionNamespace } from './SqlEditor';

describe('editor autocomplete', () => {
  const completion = {
    schemas: ['main', 'other'],
    schema: 'main',
    tables: { birth_names: ['ds', 'gender', 'num'], flights: ['ds', 'airline'] },
  };

  it('nests the tables and their columns under the editor schema, next to the other schemas', () => {
    expect(completionNamespace(completion)).toEqual({
      main: { birth_names: ['ds', 'gender', 'num'], flights: ['ds', 'airline'] },
      other: {},
    });
    expect(completionNamespace({ schemas: [], schema: null, tables: { t: ['a'] } })).toEqual({ t: ['a'] });
  });

  it('offers each column once, with its table, and the functions', () => {
    const options = columnAndFunctionOptions(completion);
    const columns = options.filter((option) => option.type === 'property');
    expect(columns.map((option) => option.label)).toEqual(['ds', 'gender', 'num', 'airline']);
    expect(columns[1]?.detail).toBe('birth_names');
    expect(options.find((option) => option.label === 'COUNT')).toMatchObject({ type: 'function', apply: 'COUNT(' });
  });
});

describe('create chart from results', () => {
  it('names the dataset after the tab and the time', () => {
    expect(defaultDatasetName('Untitled Query 2', new Date(2026, 0, 5, 9, 3, 7))).toBe('Untitled Query 2 01/05/2026 09:03:07');
  });

  it('posts Superset\'s virtual dataset fields and opens Explore on the new id', () => {
    expect(
      virtualDatasetPayload({ databaseId: 3, catalog: null, schema: 'main', sql: 'SELECT 1 AS a', templateParams: null }, 'My data'),
    ).toEqual({ database: 3, catalog: undefined, schema: 'main', sql: 'SELECT 1 AS a', table_name: 'My data', is_managed_externally: false, template_params: undefined });
    expect(exploreDatasetPath(12)).toBe('/explore/?datasource_type=table&datasource_id=12');
  });
});
