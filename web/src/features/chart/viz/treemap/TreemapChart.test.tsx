import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildCategoryHierarchy } from '../categoryHierarchy';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { TreemapChart } from './TreemapChart';

const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [60, 30, 10]));

describe('TreemapChart', () => {
  it('draws a tile per leaf group, labelled with key and value', () => {
    renderWithTheme(<TreemapChart {...rendererProps('treemap_v2', data, { groupby: ['state', 'gender'] })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((tile) => tile.getAttribute('data-series'))).toEqual(['CA / boy', 'CA / girl', 'NY / boy']);
    expect(screen.getByText('boy: 60')).toBeTruthy();
  });

  it('sums values up the groups', () => {
    const tree = buildCategoryHierarchy(data, { datasource: '', viz_type: 'treemap_v2', groupby: ['state', 'gender'] }, 'groupby', 'All');
    expect(tree.value).toBe(100);
    expect(tree.children.map((child) => [child.name, child.value])).toEqual([
      ['CA', 90],
      ['NY', 10],
    ]);
  });
});
