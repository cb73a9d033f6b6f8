import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { useDashboardLayout } from './useDashboardLayout';

const charts = [{ id: 7 } as DashboardChart];
const positionJson = JSON.stringify({
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-7'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
  'CHART-7': { id: 'CHART-7', type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: 7, width: 4, height: 50 } },
});

function dashboard(fields: Partial<Dashboard>): Dashboard {
  return { id: 3, position_json: positionJson, json_metadata: '{}', ...fields } as Dashboard;
}

describe('useDashboardLayout', () => {
  it('paints a complete stored layout as stored', () => {
    const { result } = renderHook(() => useDashboardLayout(dashboard({}), charts));
    expect(result.current?.['CHART-7']?.meta.chartId).toBe(7);
  });

  it('keeps the same layout when only the metadata changes, so an edit session is not restarted', () => {
    // The label-colour sync replaces the dashboard with one whose json_metadata holds the drawn colours.
    const { result, rerender } = renderHook(({ current }: { current: Dashboard }) => useDashboardLayout(current, charts), {
      initialProps: { current: dashboard({}) },
    });
    const before = result.current;
    rerender({ current: dashboard({ json_metadata: JSON.stringify({ map_label_colors: { boy: '#1FA8C9' } }) }) });
    expect(result.current).toBe(before);
  });

  it('gives a new layout when the stored layout changes', () => {
    const { result, rerender } = renderHook(({ current }: { current: Dashboard }) => useDashboardLayout(current, charts), {
      initialProps: { current: dashboard({}) },
    });
    const before = result.current;
    const wider = positionJson.replace('"width":4', '"width":6');
    rerender({ current: dashboard({ position_json: wider }) });
    expect(result.current).not.toBe(before);
    expect(result.current?.['CHART-7']?.meta.width).toBe(6);
  });

  it('has no layout before the dashboard and its charts load', () => {
    expect(renderHook(() => useDashboardLayout(undefined, charts)).result.current).toBeNull();
    expect(renderHook(() => useDashboardLayout(dashboard({}), undefined)).result.current).toBeNull();
  });
});
