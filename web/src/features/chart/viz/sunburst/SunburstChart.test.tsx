import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { SunburstChart } from './SunburstChart';

const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [60, 30, 10]));
const formData = { columns: ['state', 'gender'], number_format: ',d' };

function arc(series: string): Element {
  return screen.getAllByTestId(testIds.viz.mark).find((mark) => mark.getAttribute('data-series') === series) as Element;
}

describe('SunburstChart', () => {
  it('draws an arc per group at each level, without a legend (as Superset)', () => {
    renderWithTheme(<SunburstChart {...rendererProps('sunburst_v2', data, formData)} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((mark) => mark.getAttribute('data-series'))).toEqual(['CA', 'CA / boy', 'CA / girl', 'NY', 'NY / boy']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['CA', 'boy', 'girl', 'NY', 'boy']);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(screen.queryByText(/^Total/)).toBeNull();
  });

  it('shows "Total: …" in the middle with show_total, and labels by label_type above show_labels_threshold', () => {
    renderWithTheme(<SunburstChart {...rendererProps('sunburst_v2', data, { ...formData, show_total: true, label_type: 'key_value', show_labels_threshold: 15 })} />);
    expect(screen.getByText('Total: 100')).toBeTruthy();
    // NY and NY / boy are 10 percent of the circle, below the threshold.
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['CA: 90', 'boy: 60', 'girl: 30']);
  });

  it('shows the value in number_format, its share of the total and of its parent in the tooltip', () => {
    renderWithTheme(<SunburstChart {...rendererProps('sunburst_v2', data, formData)} />);
    fireEvent.mouseMove(arc('CA / boy'), { clientX: 300, clientY: 100 });
    expect(tooltipContent()).toEqual({
      title: 'CA ▸ boy',
      rows: [
        ['SUM(num)', '60'],
        ['% of total', '60.00%'],
        ['% of parent', '66.67%'],
      ],
    });
    fireEvent.mouseMove(arc('NY'), { clientX: 300, clientY: 100 });
    expect(tooltipContent()).toEqual({
      title: 'NY',
      rows: [
        ['SUM(num)', '10'],
        ['% of total', '10.00%'],
      ],
    });
  });

  it('colours arcs by the secondary metric against the primary on linear_color_scheme, with both in the tooltip', () => {
    const twoMetrics = queryData(...data.columns, column('SUM(other)', 0, [30, 30, 10]));
    const props = rendererProps('sunburst_v2', twoMetrics, { ...formData, secondary_metric: 'SUM(other)', linear_color_scheme: 'white_black' });
    renderWithTheme(<SunburstChart {...props} />);
    expect(arc('CA / boy').getAttribute('fill')).toBe('rgb(128, 128, 128)');
    expect(arc('CA / girl').getAttribute('fill')).toBe('rgb(0, 0, 0)');
    fireEvent.mouseMove(arc('CA / boy'), { clientX: 300, clientY: 100 });
    expect(tooltipContent().rows.slice(3)).toEqual([
      ['SUM(other)', '30'],
      ['SUM(other) / SUM(num)', '50.00%'],
    ]);
  });
});
