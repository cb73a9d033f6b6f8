import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { DatasourcePanel } from './DatasourcePanel';

const dataset = {
  id: 3,
  table_name: 'birth_names',
  columns: [{ id: 1, column_name: 'gender', verbose_name: 'Gender', type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  metrics: [{ id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }],
} as unknown as Dataset;

function dragStart(element: HTMLElement): Record<string, string> {
  const data: Record<string, string> = {};
  const dataTransfer = { setData: (type: string, value: string) => (data[type] = value), effectAllowed: 'none' };
  fireEvent.dragStart(element, { dataTransfer });
  return data;
}

describe('DatasourcePanel', () => {
  it('columns and metrics drag by name, each under its own type', () => {
    renderWithTheme(<DatasourcePanel dataset={dataset} />);
    const column = screen.getByTestId(testIds.explore.columnItem);
    const metric = screen.getByTestId(testIds.explore.metricItem);
    expect(column.getAttribute('draggable')).toBe('true');
    expect(dragStart(column)).toEqual({ 'application/x-quiver-column': 'gender', 'text/plain': 'gender' });
    expect(dragStart(metric)).toEqual({ 'application/x-quiver-metric': 'count', 'text/plain': 'count' });
  });
});
