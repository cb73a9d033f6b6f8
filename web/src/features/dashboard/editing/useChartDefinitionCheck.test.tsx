import { act, renderHook, screen } from '@testing-library/react';
import type { JSX, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { ToastProvider } from '@/components/ToastProvider';
import { buildTheme } from '@/theme/tokens';
import type { LayoutDrop } from '@/wasm/dashboardLayout';
import { newComponentsSourceId } from './dragAndDrop';
import { useChartDefinitionCheck } from './useChartDefinitionCheck';
import type { DashboardEditor } from './useDashboardEditor';

function chartWith(id: number, datasource: string): DashboardChart {
  return { id, slice_name: `Chart ${id}`, form_data: { datasource, viz_type: 'pie' } } as DashboardChart;
}

function chartDrop(chartId: number): LayoutDrop {
  return {
    source: { id: newComponentsSourceId, index: 0 },
    destination: { id: 'GRID_ID', type: 'GRID', index: 0 },
    dragging: { id: `NEW_CHART-${chartId}`, type: 'CHART', meta: { chartId } },
  };
}

function fakeEditor(): DashboardEditor {
  return {
    layout: {},
    canUndo: false,
    canRedo: false,
    hasUnsavedChanges: false,
    isUndoHistoryExceeded: false,
    isSaving: false,
    drop: vi.fn(),
    dropPositionAt: vi.fn(() => null),
    deleteComponent: vi.fn(),
    resizeComponent: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    save: vi.fn(),
    overwriteConfirmation: null,
    cancelOverwrite: vi.fn(),
  };
}

function wrapper({ children }: { children: ReactNode }): JSX.Element {
  return (
    <ThemeProvider theme={buildTheme('default')}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

describe('dropping a chart without a definition', () => {
  it("warns with Superset's text and adds nothing", () => {
    const editor = fakeEditor();
    const charts = [chartWith(3, '2__table'), chartWith(4, '')];
    const { result } = renderHook(() => useChartDefinitionCheck(editor, charts), { wrapper });
    // Unknown to the dashboard, then known but without a datasource.
    act(() => result.current?.drop(chartDrop(9)));
    act(() => result.current?.drop(chartDrop(4)));
    expect(editor.drop).not.toHaveBeenCalled();
    expect(screen.getAllByText('Sorry, there is no chart definition associated with the chart trying to be added.')).toHaveLength(2);
  });

  it('passes a chart with its definition, and every other drop, to the editor', () => {
    const editor = fakeEditor();
    const { result } = renderHook(() => useChartDefinitionCheck(editor, [chartWith(3, '2__table')]), { wrapper });
    const moved: LayoutDrop = { ...chartDrop(9), source: { id: 'ROW-1', type: 'ROW', index: 0 } };
    act(() => result.current?.drop(chartDrop(3)));
    act(() => result.current?.drop(moved));
    expect(editor.drop).toHaveBeenCalledTimes(2);
    expect(editor.drop).toHaveBeenNthCalledWith(1, chartDrop(3));
    expect(editor.drop).toHaveBeenNthCalledWith(2, moved);
    expect(screen.queryByText('Sorry, there is no chart definition associated with the chart trying to be added.')).toBeNull();
  });

  it('is null outside edit mode', () => {
    const { result } = renderHook(() => useChartDefinitionCheck(null, []), { wrapper });
    expect(result.current).toBeNull();
  });
});
