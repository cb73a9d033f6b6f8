import { describe, expect, it } from 'vitest';
import type { NativeAnnotationRecord } from '@/api/generated/NativeAnnotationRecord';
import type { AnnotationLayerState } from '@/features/chart/annotations/useAnnotationLayerStates';
import { CategoricalColorScale } from '../colorSchemes';
import { annotationDashArray, annotationOpacity, annotationTooltipRows, cartesianAnnotations, formulaPoints, positionBetweenBands, timeSeriesLines } from './cartesianAnnotations';

const record = (start: number, end: number, title: string): NativeAnnotationRecord => ({ start_dttm: start, end_dttm: end, short_descr: title, long_descr: `${title} details`, json_metadata: null });

const states: AnnotationLayerState[] = [
  { entry: { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: '2x + 1', show: true, style: 'dashed', width: 2 }, status: { status: 'success', data: null } },
  { entry: { name: 'Broken', annotationType: 'FORMULA', sourceType: '', value: '2 +', show: true }, status: { status: 'failed', error: 'Unexpected the end of the formula' } },
  {
    entry: { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, color: '#123456', showLabel: true },
    status: { status: 'success', data: { columns: [], records: [record(100, 100, 'v1'), { ...record(0, 0, 'no start'), start_dttm: null }] } },
  },
  {
    entry: { name: 'Outages', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 2, show: true, opacity: 'opacityLow' },
    status: { status: 'success', data: { columns: [], records: [record(200, 300, 'Outage')] } },
  },
  { entry: { name: 'Hidden', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, show: false }, status: { status: 'success', data: null } },
  { entry: { name: 'Loading', annotationType: 'EVENT', sourceType: 'NATIVE', value: 4, show: true }, status: { status: 'loading' } },
];

describe('cartesianAnnotations', () => {
  it('turns the loaded, shown layers into formula lines, events and intervals with their styles', () => {
    const annotations = cartesianAnnotations(states, new CategoricalColorScale(['#aaaaaa', '#bbbbbb']));
    expect(annotations.formulas.map((formula) => [formula.name, formula.formula(10), formula.stroke])).toEqual([
      ['Trend', 21, { color: '#aaaaaa', width: 2, dashArray: '8,8', opacity: 1 }],
    ]);
    expect(annotations.events).toEqual([
      {
        layerName: 'Releases',
        start: 100,
        end: 100,
        title: 'v1',
        description: 'v1 details',
        stroke: { color: '#123456', width: 1, dashArray: undefined, opacity: 1 },
        showLabel: true,
      },
    ]);
    expect(annotations.intervals.map((interval) => [interval.start, interval.end, interval.title, interval.stroke.opacity, interval.stroke.color])).toEqual([
      [200, 300, 'Outage', 0.2, '#bbbbbb'],
    ]);
  });

  it("turns another chart's time series into a line of its points; hideLine keeps only the markers", () => {
    const points = [
      { x: 1, y: 10 },
      { x: 2, y: 20 },
    ];
    const series: AnnotationLayerState[] = [
      { entry: { name: 'Births', annotationType: 'TIME_SERIES', sourceType: 'line', value: 5, show: true, showMarkers: true }, status: { status: 'success', data: null, points } },
      { entry: { name: 'Markers only', annotationType: 'TIME_SERIES', sourceType: 'line', value: 6, show: true, hideLine: true, width: 3 }, status: { status: 'success', data: null, points } },
      { entry: { name: 'Empty', annotationType: 'TIME_SERIES', sourceType: 'line', value: 7, show: true }, status: { status: 'success', data: null, points: [] } },
    ];
    const annotations = cartesianAnnotations(series, new CategoricalColorScale(['#aaaaaa', '#bbbbbb']));
    expect(annotations.timeSeries).toEqual([
      { name: 'Births', points, stroke: { color: '#aaaaaa', width: 1, dashArray: undefined, opacity: 1 }, showMarkers: true },
      { name: 'Markers only', points, stroke: { color: '#bbbbbb', width: 0, dashArray: undefined, opacity: 1 }, showMarkers: false },
    ]);
    expect(timeSeriesLines(annotations.timeSeries, [2, 5], new Set(['Markers only']))).toEqual([{ annotation: annotations.timeSeries[0], points: [{ x: 2, y: 20 }] }]);
  });

  it('gives intervals medium opacity and everything else full opacity by default', () => {
    expect(annotationOpacity('', 0.5)).toBe(0.5);
    expect(annotationOpacity(undefined, 1)).toBe(1);
    expect(annotationOpacity('opacityHigh', 1)).toBe(0.8);
  });

  it.each([
    ['solid', 1, undefined],
    ['dashed', 1, '4,4'],
    ['longDashed', 2, '20,10'],
    ['dotted', 3, '3,6'],
  ])('draws %s lines of width %d with dashes %s', (style, width, dashArray) => {
    expect(annotationDashArray(style, width)).toBe(dashArray);
  });
});

describe('formulaPoints', () => {
  it('evaluates at every data x and at evenly spaced samples, leaving gaps where f(x) is not finite', () => {
    const points = formulaPoints((x) => (x === 5 ? NaN : x * 2), [0, 10], 4);
    expect(points).toEqual([
      { x: 0, y: 0 },
      { x: 2.5, y: 5 },
      { x: 5, y: null },
      { x: 7.5, y: 15 },
      { x: 10, y: 20 },
    ]);
  });
});

describe('positionBetweenBands', () => {
  it('interpolates between band centres and is null outside', () => {
    expect(positionBetweenBands(150, [100, 200, 400], [10, 30, 50])).toBe(20);
    expect(positionBetweenBands(300, [100, 200, 400], [10, 30, 50])).toBe(40);
    expect(positionBetweenBands(400, [100, 200, 400], [10, 30, 50])).toBe(50);
    expect(positionBetweenBands(50, [100, 200, 400], [10, 30, 50])).toBeNull();
  });
});

describe('annotationTooltipRows', () => {
  it('lists the events near the pointer and the intervals under it', () => {
    const annotations = cartesianAnnotations(states, new CategoricalColorScale(['#aaaaaa']));
    // x value = pixel: events at 100, the interval from 200 to 300.
    const xAxis = { range: [0, 1000] as const, position: (value: number) => value };
    expect(annotationTooltipRows(annotations, xAxis, 103).map((row) => [row.label, row.value])).toEqual([['v1', 'v1 details']]);
    expect(annotationTooltipRows(annotations, xAxis, 250).map((row) => [row.label, row.value])).toEqual([['Outage', 'Outage details']]);
    expect(annotationTooltipRows(annotations, xAxis, 150)).toEqual([]);
  });
});
