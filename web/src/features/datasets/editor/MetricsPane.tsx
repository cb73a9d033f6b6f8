import type { JSX } from 'react';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { newMetricDraft, type MetricDraft } from '../datasetDraft';
import { ItemRow } from './editorLayout';

export interface MetricsPaneProps {
  metrics: MetricDraft[];
  onChange: (metrics: MetricDraft[]) => void;
}

/** The Metrics tab: name, label, SQL expression, d3 format, description, certification and warning. */
export function MetricsPane({ metrics, onChange }: MetricsPaneProps): JSX.Element {
  const update = (index: number, change: Partial<MetricDraft>): void =>
    onChange(metrics.map((metric, at) => (at === index ? { ...metric, ...change } : metric)));
  return (
    <>
      {metrics.map((metric, index) => (
        <ItemRow key={metric.id} data-testid={testIds.datasetEditor.metricRow}>
          <input
            aria-label="Metric name"
            data-testid={testIds.datasetEditor.metricName}
            value={metric.metric_name}
            onChange={(event) => update(index, { metric_name: event.target.value })}
          />
          <input
            aria-label="Label"
            data-testid={testIds.datasetEditor.metricVerboseName}
            value={metric.verbose_name ?? ''}
            onChange={(event) => update(index, { verbose_name: event.target.value })}
          />
          <input
            aria-label="SQL expression"
            data-testid={testIds.datasetEditor.metricExpression}
            value={metric.expression}
            onChange={(event) => update(index, { expression: event.target.value })}
          />
          <input
            aria-label="D3 format"
            data-testid={testIds.datasetEditor.metricD3format}
            value={metric.d3format ?? ''}
            onChange={(event) => update(index, { d3format: event.target.value })}
          />
          <input
            aria-label="Description"
            data-testid={testIds.datasetEditor.metricDescription}
            value={metric.description ?? ''}
            onChange={(event) => update(index, { description: event.target.value })}
          />
          <input
            aria-label="Certified by"
            data-testid={testIds.datasetEditor.metricCertifiedBy}
            value={metric.certified_by}
            onChange={(event) => update(index, { certified_by: event.target.value })}
          />
          <input
            aria-label="Certification details"
            data-testid={testIds.datasetEditor.metricCertificationDetails}
            value={metric.certification_details}
            onChange={(event) => update(index, { certification_details: event.target.value })}
          />
          <input
            aria-label="Warning"
            data-testid={testIds.datasetEditor.metricWarningMarkdown}
            value={metric.warning_markdown}
            onChange={(event) => update(index, { warning_markdown: event.target.value })}
          />
          <Button $variant="link" aria-label="Delete metric" onClick={() => onChange(metrics.filter((_, at) => at !== index))}>
            ✕
          </Button>
        </ItemRow>
      ))}
      <Button data-testid={testIds.datasetEditor.addMetric} onClick={() => onChange([...metrics, newMetricDraft()])}>
        + Add item
      </Button>
    </>
  );
}
