import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { HeatmapChart } from './HeatmapChart';

const data = queryData(column('state', 1, ['CA', 'CA', 'NY', 'NY']), column('gender', 1, ['boy', 'girl', 'boy', 'girl']), column('SUM(num)', 0, [10, 20, 30, 40]));
const formData = { x_axis: 'state', groupby: ['gender'] };

function cells(): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark);
}

function legendTexts(): string[] {
  return screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent);
}

describe('HeatmapChart', () => {
  it('draws a cell per x and y pair, coloured from low to high, with values', () => {
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, show_values: true, linear_color_scheme: 'white_black' })} />);
    expect(cells()).toHaveLength(4);
    expect(cells()[0]?.getAttribute('fill')).toBe('rgb(255, 255, 255)');
    expect(cells()[3]?.getAttribute('fill')).toBe('rgb(0, 0, 0)');
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['10', '20', '30', '40']);
  });

  it('draws the continuous colour scale as its legend, its ends in y_axis_format', () => {
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, y_axis_format: ',.1f' })} />);
    expect(legendTexts()).toEqual(['10.0', '40.0']);
    const gradientStops = screen.getByTestId(testIds.viz.legend).querySelectorAll('stop');
    expect(gradientStops[0]?.getAttribute('stop-color')).toBe('#F4FAD4');
    expect(gradientStops[gradientStops.length - 1]?.getAttribute('stop-color')).toBe('#050415');
  });

  it('colours against value_bounds, clamping values outside them', () => {
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, linear_color_scheme: 'white_black', value_bounds: [0, 20] })} />);
    expect(legendTexts()).toEqual(['0', '20']);
    expect(cells().map((cell) => cell.getAttribute('fill'))).toEqual(['rgb(128, 128, 128)', 'rgb(0, 0, 0)', 'rgb(0, 0, 0)', 'rgb(0, 0, 0)']);
  });

  it('shows five pieces labelled by their lower bound for the piecewise legend, none with show_legend off', () => {
    const { unmount } = renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, legend_type: 'piecewise' })} />);
    expect(legendTexts()).toEqual(['10', '16', '22', '28', '34']);
    unmount();
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, show_legend: false })} />);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
  });

  it('shows the value in y_axis_format and its share of the heatmap, of its x or of its y in the tooltip', () => {
    const { unmount } = renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, y_axis_format: '.1f' })} />);
    fireEvent.mouseMove(cells()[0] as Element, { clientX: 120, clientY: 60 });
    expect(tooltipContent()).toEqual({ title: 'CA (boy)', rows: [['SUM(num)', '10.0', '10.00% (heatmap)']] });
    unmount();
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, normalize_across: 'x' })} />);
    fireEvent.mouseMove(cells()[0] as Element, { clientX: 120, clientY: 60 });
    expect(tooltipContent().rows).toEqual([['SUM(num)', '10', '33.33% (CA)']]);
  });

  it('leaves the share out with show_percentage off', () => {
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { ...formData, show_percentage: false })} />);
    fireEvent.mouseMove(cells()[3] as Element, { clientX: 300, clientY: 200 });
    expect(tooltipContent()).toEqual({ title: 'NY (girl)', rows: [['SUM(num)', '40']] });
  });

  it('labels a temporal x axis in x_axis_time_format and sorts axes by value or by metric', () => {
    const months = [Date.UTC(2000, 1, 1), Date.UTC(2000, 0, 1), Date.UTC(2000, 1, 1), Date.UTC(2000, 0, 1)];
    const monthly = queryData(column('ds', 2, months), column('gender', 1, ['boy', 'boy', 'girl', 'girl']), column('SUM(num)', 0, [5, 1, 50, 2]));
    const { unmount } = renderWithTheme(
      <HeatmapChart {...rendererProps('heatmap_v2', monthly, { x_axis: 'ds', groupby: ['gender'], x_axis_time_format: '%b %Y', sort_x_axis: 'alpha_asc' })} />,
    );
    const tickTexts = (): string[] => [...document.querySelectorAll('.visx-axis-bottom .visx-axis-tick')].map((tick) => tick.textContent);
    expect(tickTexts()).toEqual(['Jan 2000', 'Feb 2000']);
    fireEvent.mouseMove(cells()[0] as Element, { clientX: 300, clientY: 60 });
    expect(tooltipContent().title).toBe('Feb 2000 (boy)');
    unmount();
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', monthly, { x_axis: 'ds', groupby: ['gender'], x_axis_time_format: '%b %Y', sort_x_axis: 'value_desc' })} />);
    expect(tickTexts()).toEqual(['Feb 2000', 'Jan 2000']);
  });

  it('colours by the rank column with normalized, keeping the value in the tooltip', () => {
    const ranked = queryData(...data.columns.slice(0, 2), column('SUM(num)', 0, [10, 1000, 20, 30]), column('rank', 0, [0, 1, 0.25, 0.5]));
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', ranked, { ...formData, normalized: true, linear_color_scheme: 'white_black' })} />);
    expect(cells().map((cell) => cell.getAttribute('fill'))).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgb(191, 191, 191)', 'rgb(128, 128, 128)']);
    fireEvent.mouseMove(cells()[1] as Element, { clientX: 120, clientY: 60 });
    expect(tooltipContent().rows[0]?.slice(0, 2)).toEqual(['SUM(num)', '1k']);
  });
});
