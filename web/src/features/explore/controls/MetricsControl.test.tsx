import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import type { MetricRef } from '@/api/generated/MetricRef';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { MetricsControl } from './MetricsControl';
import { dropItem, typeInSqlEditor } from './sqlEditorTesting';

vi.mock('@/wasm/useQuiverCore', () => ({ useQuiverCore: () => null }));

const dataset = {
  id: 3,
  table_name: 'birth_names',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  columns: [
    { id: 1, column_name: 'gender', type_generic: 1, groupby: true },
    { id: 2, column_name: 'num', type_generic: 0, groupby: true },
  ],
  metrics: [{ id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }],
} as unknown as Dataset;

function chooseIn(testId: string, label: string): void {
  const combobox = screen.getByTestId(testId).querySelector('input');
  if (combobox === null) throw new Error(`no combobox in ${testId}`);
  fireEvent.focus(combobox);
  fireEvent.click(screen.getByRole('option', { name: label }));
}

describe('MetricsControl', () => {
  it('adds SUM(num) as a SIMPLE adhoc metric through the popover', () => {
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={dataset} value={[]} isInvalid={false} onChange={onChange} />);

    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    const save = screen.getByTestId(testIds.explore.metricSaveButton);
    expect(save).toHaveProperty('disabled', true);
    chooseIn(testIds.explore.metricColumnSelect, 'num');
    chooseIn(testIds.explore.metricAggregateSelect, 'SUM');
    fireEvent.click(save);

    expect(onChange).toHaveBeenCalledWith([
      {
        expressionType: 'SIMPLE',
        column: { column_name: 'num' },
        aggregate: 'SUM',
        label: 'SUM(num)',
        hasCustomLabel: false,
        optionName: expect.stringMatching(/^metric_[a-z0-9]{11}$/) as unknown,
      },
    ]);
    expect(screen.queryByTestId(testIds.explore.metricPopover)).toBeNull();
  });

  it('adds a saved metric by name', () => {
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={dataset} value={['count']} isInvalid={false} onChange={onChange} />);
    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSavedTab));
    chooseIn(testIds.explore.savedMetricSelect, 'COUNT(*)');
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenCalledWith(['count', 'count']);
  });

  it('marks a certified saved metric in the picker, with who certified it in the tooltip', () => {
    const certified = {
      ...dataset,
      metrics: [
        { id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)', certified_by: null, certification_details: null },
        { id: 2, metric_name: 'sum__num', verbose_name: 'Births', expression: 'SUM(num)', certified_by: 'Data team', certification_details: 'Audited in May' },
      ],
    } as unknown as Dataset;
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={certified} value={[]} isInvalid={false} onChange={onChange} />);
    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSavedTab));
    const combobox = screen.getByTestId(testIds.explore.savedMetricSelect).querySelector('input');
    if (combobox === null) throw new Error('no combobox');
    fireEvent.focus(combobox);

    const [countOption, birthsOption] = screen.getAllByRole('option');
    expect(countOption?.querySelector(`[data-testid="${testIds.certifiedBadge.icon}"]`)).toBeNull();
    const badge = birthsOption?.querySelector(`[data-testid="${testIds.certifiedBadge.icon}"]`);
    expect(badge?.getAttribute('aria-label')).toBe('Certified by Data team');
    fireEvent.mouseEnter(badge as Element);
    expect(screen.getByRole('tooltip').textContent).toBe('Certified by Data teamAudited in May');

    fireEvent.click(birthsOption as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenCalledWith(['sum__num']);
  });

  it('removes a chosen metric, and Escape closes the popover', () => {
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={dataset} value={['count']} isInvalid={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove count' }));
    expect(onChange).toHaveBeenCalledWith([]);

    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.keyDown(screen.getByTestId(testIds.explore.metricPopover), { key: 'Escape' });
    expect(screen.queryByTestId(testIds.explore.metricPopover)).toBeNull();
  });

  it('adds a custom SQL metric, labelled by its expression unless a label is typed', async () => {
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={dataset} value={[]} isInvalid={false} onChange={onChange} />);
    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSqlTab));
    const save = screen.getByTestId(testIds.explore.metricSaveButton);
    expect(save).toHaveProperty('disabled', true);
    await typeInSqlEditor(testIds.explore.metricSqlEditor, 'SUM(num) / COUNT(*) ');
    fireEvent.click(save);
    expect(onChange).toHaveBeenLastCalledWith([
      {
        expressionType: 'SQL',
        sqlExpression: 'SUM(num) / COUNT(*)',
        label: 'SUM(num) / COUNT(*)',
        hasCustomLabel: false,
        optionName: expect.stringMatching(/^metric_[a-z0-9]{11}$/) as unknown,
      },
    ]);

    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSqlTab));
    await typeInSqlEditor(testIds.explore.metricSqlEditor, 'MAX(num)');
    fireEvent.change(screen.getByTestId(testIds.explore.metricLabelInput), { target: { value: 'Top' } });
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ sqlExpression: 'MAX(num)', label: 'Top', hasCustomLabel: true })]);
  });

  it('takes a saved metric dropped from the datasource panel; a dropped column opens the popover on it', () => {
    const onChange = vi.fn<(metrics: MetricRef[]) => void>();
    renderWithTheme(<MetricsControl dataset={dataset} value={['count']} isInvalid={false} onChange={onChange} />);
    const zone = screen.getByTestId(testIds.explore.metricsControl);
    dropItem(zone, 'metric', 'count');
    expect(onChange).toHaveBeenLastCalledWith(['count', 'count']);

    dropItem(zone, 'column', 'num');
    expect(screen.getByTestId(testIds.explore.metricColumnSelect).textContent).toContain('num');
    chooseIn(testIds.explore.metricAggregateSelect, 'MAX');
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenLastCalledWith(['count', expect.objectContaining({ expressionType: 'SIMPLE', aggregate: 'MAX', label: 'MAX(num)' })]);
  });
});
