import { useEffect, useRef, useState, type JSX, type RefObject } from 'react';
import type { Aggregate } from '@/api/generated/Aggregate';
import type { Dataset } from '@/api/generated/Dataset';
import type { MetricRef } from '@/api/generated/MetricRef';
import { CertifiedBadge } from '@/components/CertifiedBadge';
import { Select, type SelectOption } from '@/components/Select';
import { aggregates, simpleAdhocMetric } from '@/features/explore/exploreFormData';
import { testIds } from '@/testIds';
import { sqlAdhocMetric } from './adhocMetrics';
import { PopoverTab, PopoverTabs } from './popoverTabs';
import { LabelledSqlPanel } from './LabelledSqlPanel';
import { PopoverActions } from './PopoverActions';
import { FieldLabel, Fields, Popover } from './controlPopoverParts';

type MetricSource = 'simple' | 'saved' | 'sql';

export interface AdhocMetricPopoverProps {
  dataset: Dataset;
  /** The button that opens the popover: a click on it is not a click outside. */
  anchorRef: RefObject<HTMLElement | null>;
  /** The column a SIMPLE metric starts with (a column dropped from the datasource panel). */
  initialColumnName?: string | null;
  onAdd: (metric: MetricRef) => void;
  onClose: () => void;
}

const aggregateOptions = aggregates.map((aggregate) => ({ value: aggregate, label: aggregate }));

function isAggregate(value: string): value is Aggregate {
  return (aggregates as readonly string[]).includes(value);
}

/**
 * Builds one metric: a SIMPLE adhoc metric (column + aggregate), a saved metric by name, or a
 * custom SQL metric (an aggregate expression, with an optional label). The server validates the
 * SQL when the chart runs (it has no endpoint to validate an expression alone), and the chart
 * shows its message.
 */
export function AdhocMetricPopover({ dataset, anchorRef, initialColumnName = null, onAdd, onClose }: AdhocMetricPopoverProps): JSX.Element {
  const popoverRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<MetricSource>('simple');
  const [columnName, setColumnName] = useState<string | null>(initialColumnName);
  const [aggregate, setAggregate] = useState<Aggregate | null>(null);
  const [savedMetricName, setSavedMetricName] = useState<string | null>(null);
  const [sqlExpression, setSqlExpression] = useState('');
  const [sqlLabel, setSqlLabel] = useState('');

  const columnOptions = dataset.columns.map((column) => ({ value: column.column_name, label: column.column_name }));
  const savedMetricOptions: SelectOption[] = dataset.metrics.map((metric) => ({
    value: metric.metric_name,
    label: metric.verbose_name ?? metric.metric_name,
    decoration:
      typeof metric.certified_by === 'string' ? <CertifiedBadge certifiedBy={metric.certified_by} details={metric.certification_details} /> : undefined,
  }));
  const isComplete =
    source === 'simple' ? columnName !== null && aggregate !== null : source === 'saved' ? savedMetricName !== null : sqlExpression.trim() !== '';

  // Focus moves into the popover (so Escape closes it); a click outside closes it.
  useEffect(() => {
    popoverRef.current?.focus();
    function closeOnOutsideClick(event: MouseEvent): void {
      const target = event.target as Node;
      const isInside = popoverRef.current?.contains(target) === true || anchorRef.current?.contains(target) === true;
      if (!isInside) onClose();
    }
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
    };
  }, [anchorRef, onClose]);

  function save(): void {
    if (source === 'saved' && savedMetricName !== null) onAdd(savedMetricName);
    if (source === 'simple' && columnName !== null && aggregate !== null) onAdd(simpleAdhocMetric(columnName, aggregate));
    if (source === 'sql' && sqlExpression.trim() !== '') onAdd(sqlAdhocMetric(sqlExpression, sqlLabel));
  }

  return (
    <Popover
      ref={popoverRef}
      tabIndex={-1}
      role="dialog"
      aria-label="Add metric"
      data-testid={testIds.explore.metricPopover}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <PopoverTabs role="tablist" aria-label="Metric source">
        <PopoverTab
          role="tab"
          type="button"
          aria-selected={source === 'simple'}
          data-testid={testIds.explore.metricSimpleTab}
          onClick={() => setSource('simple')}
        >
          Simple
        </PopoverTab>
        <PopoverTab
          role="tab"
          type="button"
          aria-selected={source === 'saved'}
          data-testid={testIds.explore.metricSavedTab}
          onClick={() => setSource('saved')}
        >
          Saved
        </PopoverTab>
        <PopoverTab role="tab" type="button" aria-selected={source === 'sql'} data-testid={testIds.explore.metricSqlTab} onClick={() => setSource('sql')}>
          Custom SQL
        </PopoverTab>
      </PopoverTabs>
      {source === 'simple' ? (
        <Fields role="tabpanel" aria-label="Simple">
          <FieldLabel>Column</FieldLabel>
          <Select
            mode="single"
            ariaLabel="Column"
            placeholder="Select column"
            options={columnOptions}
            value={columnName}
            testId={testIds.explore.metricColumnSelect}
            onChange={setColumnName}
          />
          <FieldLabel>Aggregate</FieldLabel>
          <Select
            mode="single"
            ariaLabel="Aggregate"
            placeholder="Select aggregate"
            options={aggregateOptions}
            value={aggregate}
            testId={testIds.explore.metricAggregateSelect}
            onChange={(value) => setAggregate(isAggregate(value) ? value : null)}
          />
        </Fields>
      ) : source === 'saved' ? (
        <Fields role="tabpanel" aria-label="Saved">
          <FieldLabel>Saved metric</FieldLabel>
          <Select
            mode="single"
            ariaLabel="Saved metric"
            placeholder="Select saved metric"
            options={savedMetricOptions}
            value={savedMetricName}
            testId={testIds.explore.savedMetricSelect}
            onChange={setSavedMetricName}
          />
        </Fields>
      ) : (
        <LabelledSqlPanel
          dataset={dataset}
          label={sqlLabel}
          sqlExpression={sqlExpression}
          emptyPlaceholder="My metric"
          sqlAriaLabel="Metric SQL"
          labelTestId={testIds.explore.metricLabelInput}
          sqlTestId={testIds.explore.metricSqlEditor}
          onLabelChange={setSqlLabel}
          onSqlChange={setSqlExpression}
        />
      )}
      <PopoverActions canSave={isComplete} saveTestId={testIds.explore.metricSaveButton} onClose={onClose} onSave={save} />
    </Popover>
  );
}
