import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormData } from '@/api/generated/FormData';
import { colorScaleForFormData } from '@/features/chart/viz/colorSchemes';
import { recordLabelColor } from '@/features/chart/viz/labelColorRegistry';
import { appliedDashboardColors, colorsToSync, freshMapLabelColors, freshSharedLabels, withDashboardColors } from './dashboardColors';
import { useLabelColorSync } from './useLabelColorSync';

const putMock = vi.fn<(path: string, body: unknown) => Promise<unknown>>();
vi.mock('@/api/client', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, putJson: (path: string, body: unknown) => putMock(path, body) };
});

describe('dashboard colours on load', () => {
  it('falls back to the default scheme when the stored one is unknown', () => {
    expect(appliedDashboardColors('{"color_scheme": "bnbColors"}').colorScheme).toBe('bnbColors');
    expect(appliedDashboardColors('{"color_scheme": "noSuchScheme"}').colorScheme).toBe('supersetColors');
    expect(appliedDashboardColors('{}').colorScheme).toBeNull();
    expect(appliedDashboardColors('{"label_colors": {"boy": "#000000"}}').labelColors).toEqual({ boy: '#000000' });
    expect(appliedDashboardColors('{"label_colors": ["boy"]}').labelColors).toEqual({});
  });

  it('syncs an unknown scheme and shared label colours in the wrong shape, nothing else', () => {
    expect(colorsToSync('{"color_scheme": "noSuchScheme", "shared_label_colors": {"boy": "#111"}}')).toEqual({
      color_scheme: 'supersetColors',
      color_scheme_domain: expect.arrayContaining(['#1FA8C9']) as unknown,
      shared_label_colors: [],
    });
    expect(colorsToSync('{"shared_label_colors": "boy"}')).toEqual({ shared_label_colors: [] });
    expect(colorsToSync('{"color_scheme": "bnbColors", "shared_label_colors": ["boy"]}')).toBeNull();
    expect(colorsToSync(null)).toBeNull();
  });

  it('gives charts the dashboard scheme and label colours over their own', () => {
    const formData = { datasource: '3__table', viz_type: 'pie', color_scheme: 'bnbColors', label_colors: { girl: '#222222', boy: '#333333' } } as FormData;
    expect(withDashboardColors(formData, { colorScheme: 'supersetColors', labelColors: { boy: '#000000' } })).toEqual({
      ...formData,
      color_scheme: 'supersetColors',
      label_colors: { girl: '#222222', boy: '#000000' },
    });
    expect(withDashboardColors(formData, { colorScheme: null, labelColors: {} })).toBe(formData);
  });
});

describe('label-colour sync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    putMock.mockReset();
    putMock.mockResolvedValue({});
  });
  afterEach(() => vi.useRealTimers());

  it('saves with mark_updated=false 500 ms after the last change, for editors only', async () => {
    const onSynced = vi.fn();
    const { rerender } = renderHook(({ metadata }: { metadata: string }) => useLabelColorSync(4, metadata, true, onSynced), {
      initialProps: { metadata: '{"shared_label_colors": {"a": "#111"}}' },
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(putMock).not.toHaveBeenCalled();
    // A change restarts the wait.
    rerender({ metadata: '{"shared_label_colors": {"b": "#111"}}' });
    await vi.advanceTimersByTimeAsync(499);
    expect(putMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(putMock).toHaveBeenCalledTimes(1);
    expect(putMock).toHaveBeenCalledWith('/api/v1/dashboard/4/colors?mark_updated=false', { shared_label_colors: [] });
    expect(onSynced).toHaveBeenCalledWith({ shared_label_colors: [] });

    renderHook(() => useLabelColorSync(5, '{"color_scheme": "noSuchScheme"}', false, onSynced));
    await vi.advanceTimersByTimeAsync(1000);
    expect(putMock).toHaveBeenCalledTimes(1);
  });
});

describe('labels the charts draw', () => {
  const drawn = new Map([
    [1, new Map([['boy', '#1FA8C9'], ['girl', '#454E7C']])],
    [2, new Map([['girl', '#5AC189'], ['CA', '#FF7F44']])],
  ]);

  it('maps each label to its colour in the first chart drawing it, custom label colours left out', () => {
    expect(freshMapLabelColors(drawn, {})).toEqual({ boy: '#1FA8C9', girl: '#454E7C', CA: '#FF7F44' });
    expect(freshMapLabelColors(drawn, { boy: '#000000' })).toEqual({ girl: '#454E7C', CA: '#FF7F44' });
  });

  it('shares the labels more than one chart draws, after those stored', () => {
    expect(freshSharedLabels(drawn, [])).toEqual(['girl']);
    expect(freshSharedLabels(drawn, ['TX', 'girl'])).toEqual(['TX', 'girl']);
    expect(freshSharedLabels(new Map(), ['TX'])).toEqual(['TX']);
  });

  it('syncs what the stored map lacks or colours otherwise, keeping labels not drawn yet', () => {
    expect(colorsToSync('{}', drawn)).toEqual({
      shared_label_colors: ['girl'],
      map_label_colors: { boy: '#1FA8C9', girl: '#454E7C', CA: '#FF7F44' },
    });
    const stored = JSON.stringify({ shared_label_colors: ['girl'], map_label_colors: { boy: '#1FA8C9', girl: '#454E7C', CA: '#FF7F44', TX: '#666666' } });
    expect(colorsToSync(stored, drawn)).toBeNull();
    const recoloured = JSON.stringify({ shared_label_colors: ['girl'], map_label_colors: { boy: '#000000', TX: '#666666' } });
    expect(colorsToSync(recoloured, drawn)).toEqual({ map_label_colors: { boy: '#1FA8C9', girl: '#454E7C', CA: '#FF7F44', TX: '#666666' } });
  });

  it('draws the shared labels in the colour of the map, custom label colours first', () => {
    const metadata = JSON.stringify({
      shared_label_colors: ['girl', 'boy'],
      map_label_colors: { girl: '#454E7C', boy: '#1FA8C9', CA: '#FF7F44' },
      label_colors: { boy: '#000000' },
    });
    // CA is not shared: each chart colours it from its own scheme.
    expect(appliedDashboardColors(metadata).labelColors).toEqual({ girl: '#454E7C', boy: '#000000' });
    expect(appliedDashboardColors(JSON.stringify({ shared_label_colors: { girl: '#111' }, map_label_colors: { girl: '#222' } })).labelColors).toEqual({});
  });
});

describe('label-colour sync of the drawn labels', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    putMock.mockReset();
    putMock.mockResolvedValue({});
  });
  afterEach(() => vi.useRealTimers());

  /** Chart `chartId` draws, and the dashboard hears of it (the registry tells once the drawing is over). */
  async function drawAndSettle(chartId: number, labels: string[]): Promise<void> {
    drawChart(chartId, labels);
    await Promise.resolve();
  }

  /** What chart `chartId` draws: its scale colours the labels as a chart of the dashboard does. */
  function drawChart(chartId: number, labels: string[]): void {
    const scale = colorScaleForFormData({ datasource: '3__table', viz_type: 'pie', slice_id: chartId });
    for (const label of labels) scale.colorOf(label);
  }

  it('writes map_label_colors and shared_label_colors 500 ms after the charts last drew, restarted by a new label', async () => {
    const onSynced = vi.fn();
    const chartIds = [11, 12];
    renderHook(() => useLabelColorSync(6, '{}', true, onSynced, chartIds));
    await act(() => drawAndSettle(11, ['boy', 'girl']));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(putMock).not.toHaveBeenCalled();
    // The second chart draws: the wait starts again.
    await act(() => drawAndSettle(12, ['girl']));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(putMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const written = { shared_label_colors: ['girl'], map_label_colors: { boy: '#1FA8C9', girl: '#454E7C' } };
    expect(putMock).toHaveBeenCalledTimes(1);
    expect(putMock).toHaveBeenCalledWith('/api/v1/dashboard/6/colors?mark_updated=false', written);
    expect(onSynced).toHaveBeenCalledWith(written);
  });

  it('records nothing for charts no editor watches', async () => {
    renderHook(() => useLabelColorSync(7, '{}', false, vi.fn(), [21]));
    await act(() => drawAndSettle(21, ['boy']));
    recordLabelColor(22, 'girl', '#454E7C');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(putMock).not.toHaveBeenCalled();
  });
});
