import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormData } from '@/api/generated/FormData';
import { appliedDashboardColors, colorsToSync, withDashboardColors } from './dashboardColors';
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
