import type { AdhocMetric } from '@/api/generated/AdhocMetric';

/**
 * A custom SQL metric: `{expressionType: "SQL", sqlExpression, label}`. The label is the typed one
 * (`hasCustomLabel`), else the expression itself, as Superset names a SQL metric.
 */
export function sqlAdhocMetric(sqlExpression: string, label: string, optionSuffix = Math.random().toString(36).slice(2, 13).padEnd(11, '0')): AdhocMetric {
  const expression = sqlExpression.trim();
  const typedLabel = label.trim();
  return {
    expressionType: 'SQL',
    sqlExpression: expression,
    label: typedLabel === '' ? expression : typedLabel,
    hasCustomLabel: typedLabel !== '',
    optionName: `metric_${optionSuffix}`,
  };
}
