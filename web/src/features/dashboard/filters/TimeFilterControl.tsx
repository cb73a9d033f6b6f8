import type { JSX } from 'react';
import styled from 'styled-components';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { TimeRangeControl } from '@/features/explore/controls/timeRange/TimeRangeControl';
import { noTimeRange } from '@/features/explore/controls/timeRange/timeRangeFrames';
import { testIds } from '@/testIds';
import { useDashboardDatasets, useTimeGrainChoices } from './api';
import { filterFieldStyles } from './filterFieldStyles';
import { filterDatasetId, timeColumnFilterType, timeGrainFilterType } from './nativeFilterConfig';

export interface TimeFilterControlProps {
  filter: NativeFilter;
  /** The dashboard: its datasets give a time column filter's temporal columns. */
  idOrSlug: string;
  /** The chosen time range, column or grain; null when none is chosen. */
  value: string | null;
  /** The accessible label of the control. */
  label: string;
  onChange: (value: string | null) => void;
}

/**
 * The value of a time filter: a time range (Explore's time range control), a temporal column of
 * the filter's dataset, or a time grain of the core's list.
 */
export function TimeFilterControl({ filter, idOrSlug, value, label, onChange }: TimeFilterControlProps): JSX.Element {
  if (filter.filterType === timeColumnFilterType) return <TimeColumnSelect filter={filter} idOrSlug={idOrSlug} value={value} label={label} onChange={onChange} />;
  if (filter.filterType === timeGrainFilterType) return <TimeGrainSelect value={value} label={label} onChange={onChange} />;
  return (
    <TimeRangeControl
      label={label}
      value={value ?? noTimeRange}
      isInvalid={false}
      onChange={(range) => onChange(range === noTimeRange ? null : range)}
    />
  );
}

function TimeColumnSelect({ filter, idOrSlug, value, label, onChange }: TimeFilterControlProps): JSX.Element {
  const datasets = useDashboardDatasets(idOrSlug, true);
  const dataset = datasets.data?.find((candidate) => candidate.id === filterDatasetId(filter));
  const temporalColumns = (dataset?.columns ?? []).filter((column) => column.is_dttm);
  return (
    <NativeSelect aria-label={label} data-testid={testIds.dashboardFilters.timeColumnSelect} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}>
      <option value="">{datasets.isPending ? 'Loading…' : 'Select…'}</option>
      {temporalColumns.map((column) => (
        <option key={column.column_name} value={column.column_name}>
          {column.verbose_name ?? column.column_name}
        </option>
      ))}
    </NativeSelect>
  );
}

function TimeGrainSelect({ value, label, onChange }: Omit<TimeFilterControlProps, 'filter' | 'idOrSlug'>): JSX.Element {
  const grains = useTimeGrainChoices();
  return (
    <NativeSelect aria-label={label} data-testid={testIds.dashboardFilters.timeGrainSelect} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}>
      <option value="">{grains.isPending ? 'Loading…' : 'Select…'}</option>
      {(grains.data ?? []).map(([grain, grainLabel]) => (
        <option key={grain} value={grain}>
          {grainLabel}
        </option>
      ))}
    </NativeSelect>
  );
}

const NativeSelect = styled.select`
  ${filterFieldStyles}
`;
