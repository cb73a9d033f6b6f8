import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { AnnotationLayersControl } from './AnnotationLayersControl';

const requestedPaths: string[] = [];

function stubLayerList(): void {
  vi.stubGlobal('fetch', (path: string) => {
    requestedPaths.push(path);
    return Promise.resolve(
      Response.json({
        count: 2,
        ids: [3, 7],
        result: [3, 7].map((id) => ({ id, name: id === 3 ? 'Outages' : 'Releases', descr: null, created_on: '', changed_on: '', changed_on_delta_humanized: '', created_by: null, changed_by: null })),
      }),
    );
  });
}

describe('AnnotationLayersControl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    requestedPaths.length = 0;
  });

  it('adds a formula layer through the editor', () => {
    stubLayerList();
    const onChange = vi.fn();
    renderWithTheme(<AnnotationLayersControl value={[]} onChange={onChange} />);

    fireEvent.click(screen.getByTestId(testIds.annotationLayers.addButton));
    const editor = screen.getByTestId(testIds.annotationLayers.editor);
    const apply = within(editor).getByTestId(testIds.annotationLayers.editorApply);
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorName), { target: { value: 'Trend' } });
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorFormula), { target: { value: '2 * (x' } });
    expect(within(editor).getByTestId(testIds.annotationLayers.editorProblem).textContent).toBe('Expected ")" but found the end of the formula');
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorFormula), { target: { value: 'x / 1e6' } });
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorStyle), { target: { value: 'dashed' } });
    fireEvent.click(apply);

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: 'x / 1e6', style: 'dashed', show: true })]);
    expect(screen.queryByTestId(testIds.annotationLayers.editor)).toBeNull();
  });

  it('adds an interval layer picked among the saved annotation layers', async () => {
    stubLayerList();
    const onChange = vi.fn();
    const trend = { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: 'x', show: true };
    renderWithTheme(<AnnotationLayersControl value={[trend]} onChange={onChange} />);

    fireEvent.click(screen.getByTestId(testIds.annotationLayers.addButton));
    const editor = screen.getByTestId(testIds.annotationLayers.editor);
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorName), { target: { value: 'Trend' } });
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorType), { target: { value: 'INTERVAL' } });
    await within(editor).findByRole('option', { name: 'Releases' });
    expect(requestedPaths).toContain(`/api/v1/annotation_layer/?q=${encodeURIComponent('(order_column:name,order_direction:asc,page:0,page_size:100)')}`);
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorLayer), { target: { value: '7' } });
    // The name is the layer's key in the chart data: it must differ from the other layers'.
    expect(within(editor).getByTestId(testIds.annotationLayers.editorProblem).textContent).toBe('An annotation layer with this name already exists');
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorName), { target: { value: 'Release windows' } });
    fireEvent.click(within(editor).getByTestId(testIds.annotationLayers.editorApply));

    expect(onChange.mock.calls[0]?.[0]).toEqual([trend, expect.objectContaining({ name: 'Release windows', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 7 })]);
  });

  it('adds a time series layer from a saved line chart, with its markers', async () => {
    vi.stubGlobal('fetch', (path: string) => {
      requestedPaths.push(path);
      return Promise.resolve(Response.json({ count: 1, ids: [12], result: [{ id: 12, slice_name: 'Births per year', viz_type: 'echarts_timeseries_line' }] }));
    });
    const onChange = vi.fn();
    renderWithTheme(<AnnotationLayersControl value={[]} onChange={onChange} />);

    fireEvent.click(screen.getByTestId(testIds.annotationLayers.addButton));
    const editor = screen.getByTestId(testIds.annotationLayers.editor);
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorName), { target: { value: 'Births' } });
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorType), { target: { value: 'TIME_SERIES' } });
    expect(within(editor).getByTestId(testIds.annotationLayers.editorProblem).textContent).toBe('Choose a chart');
    await within(editor).findByRole('option', { name: 'Births per year' });
    expect(requestedPaths).toContain(
      `/api/v1/chart/?q=${encodeURIComponent('(filters:!((col:viz_type,opr:eq,value:echarts_timeseries_line)),order_column:slice_name,order_direction:asc,page:0,page_size:100)')}`,
    );
    fireEvent.change(within(editor).getByTestId(testIds.annotationLayers.editorChart), { target: { value: '12' } });
    fireEvent.click(within(editor).getByTestId(testIds.annotationLayers.editorShowMarkers));
    fireEvent.click(within(editor).getByTestId(testIds.annotationLayers.editorApply));

    expect(onChange.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ name: 'Births', annotationType: 'TIME_SERIES', sourceType: 'line', value: 12, showMarkers: true }),
    ]);
  });

  it('edits and removes a layer from its item', () => {
    stubLayerList();
    const onChange = vi.fn();
    const trend = { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: 'x', show: true };
    const other = { name: 'Other', annotationType: 'FORMULA', sourceType: '', value: '1', show: false };
    renderWithTheme(<AnnotationLayersControl value={[trend, other]} onChange={onChange} />);

    const items = screen.getAllByTestId(testIds.annotationLayers.controlItem);
    expect(items.map((item) => item.getAttribute('data-layer'))).toEqual(['Trend', 'Other']);
    fireEvent.click(items[0] as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.annotationLayers.editorShow));
    fireEvent.click(screen.getByTestId(testIds.annotationLayers.editorApply));
    expect(onChange.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ name: 'Trend', show: false }), other]);

    fireEvent.click(screen.getAllByTestId(testIds.annotationLayers.controlItem)[1] as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.annotationLayers.editorRemove));
    expect(onChange.mock.calls[1]?.[0]).toEqual([trend]);
  });
});
