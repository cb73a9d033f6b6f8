import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildCategoryHierarchy } from '../categoryHierarchy';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { timeFormatter } from '../timeFormat';
import { TreemapChart } from './TreemapChart';

const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [60, 30, 10]));

describe('TreemapChart', () => {
  it('draws a tile per leaf group, labelled with key and value, and no legend (as Superset)', () => {
    renderWithTheme(<TreemapChart {...rendererProps('treemap_v2', data, { groupby: ['state', 'gender'] })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((tile) => tile.getAttribute('data-series'))).toEqual(['CA / boy', 'CA / girl', 'NY / boy']);
    expect(screen.getByText('boy: 60')).toBeTruthy();
    expect(screen.getByText('CA: 90')).toBeTruthy();
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
  });

  it('hides the parents\' labels with show_upper_labels off', () => {
    renderWithTheme(<TreemapChart {...rendererProps('treemap_v2', data, { groupby: ['state', 'gender'], show_upper_labels: false })} />);
    expect(screen.getByText('boy: 60')).toBeTruthy();
    expect(screen.queryByText('CA: 90')).toBeNull();
  });

  it('shows the path, the value in number_format and its share of the parent in the tooltip', () => {
    renderWithTheme(<TreemapChart {...rendererProps('treemap_v2', data, { groupby: ['state', 'gender'], number_format: ',.1f' })} />);
    fireEvent.mouseMove(screen.getAllByTestId(testIds.viz.mark)[0] as Element, { clientX: 50, clientY: 50 });
    expect(tooltipContent()).toEqual({ title: 'CA ▸ boy', rows: [['SUM(num)', '60.0', '66.67%']] });
  });

  it('sums values up the groups, naming dates in date_format', () => {
    const tree = buildCategoryHierarchy(data, { datasource: '', viz_type: 'treemap_v2', groupby: ['state', 'gender'] }, 'groupby', 'All');
    expect(tree.value).toBe(100);
    expect(tree.children.map((child) => [child.name, child.value])).toEqual([
      ['CA', 90],
      ['NY', 10],
    ]);
    const yearly = queryData(column('year', 2, [Date.UTC(2000, 0, 1)]), column('SUM(num)', 0, [5]));
    const byYear = buildCategoryHierarchy(yearly, { datasource: '', viz_type: 'treemap_v2', groupby: ['year'] }, 'groupby', 'All', timeFormatter('%Y'));
    expect(byYear.children[0]?.name).toBe('2000');
  });
});
