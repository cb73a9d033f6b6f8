import { describe, expect, it } from 'vitest';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { columnWidthFor, isLayoutComplete, layoutFromDocument, parsePositionJson, widthInPixels } from './dashboardLayout';

const document = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'] },
  'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1'] },
  'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId: 7, width: 4, height: 50 } },
  'ODD-1': { type: 'SOMETHING', id: 'ODD-1' },
};

function chart(id: number): DashboardChart {
  return { id } as DashboardChart;
}

describe('dashboard layout reading', () => {
  it('keeps components and drops the version key and unknown types', () => {
    const layout = layoutFromDocument(parsePositionJson(JSON.stringify(document)));
    expect(Object.keys(layout).sort()).toEqual(['CHART-1', 'GRID_ID', 'ROOT_ID', 'ROW-1']);
    expect(layout['CHART-1']?.meta.chartId).toBe(7);
    expect(layout.GRID_ID?.meta).toEqual({});
  });

  it('is complete only with a root and every chart placed', () => {
    const layout = layoutFromDocument(document);
    expect(isLayoutComplete(layout, [chart(7)])).toBe(true);
    expect(isLayoutComplete(layout, [chart(7), chart(8)])).toBe(false);
    expect(isLayoutComplete(layoutFromDocument(parsePositionJson(null)), [])).toBe(false);
    expect(parsePositionJson('{')).toBeNull();
  });

  it('sizes components in 12 columns with 16 px gutters', () => {
    const columnWidth = columnWidthFor(1200);
    expect(columnWidth).toBeCloseTo((1200 - 11 * 16) / 12);
    expect(widthInPixels(12, columnWidth)).toBeCloseTo(1200);
    expect(widthInPixels(4, columnWidth)).toBeCloseTo(4 * columnWidth + 3 * 16);
    expect(widthInPixels(0, columnWidth)).toBeCloseTo(columnWidth);
  });
});
