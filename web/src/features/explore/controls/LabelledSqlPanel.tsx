import { useId, type JSX } from 'react';
import type { Dataset } from '@/api/generated/Dataset';
import { FieldLabel, Fields, LabelInput } from './controlPopoverParts';
import { SqlExpressionField } from './SqlExpressionField';

export interface LabelledSqlPanelProps {
  dataset: Dataset;
  label: string;
  sqlExpression: string;
  /** The label's placeholder while no SQL is written ('My metric', 'My column'). */
  emptyPlaceholder: string;
  /** The SQL editor's accessible name ('Metric SQL', 'Column SQL'). */
  sqlAriaLabel: string;
  labelTestId: string;
  sqlTestId: string;
  onLabelChange: (label: string) => void;
  onSqlChange: (sqlExpression: string) => void;
}

/** The 'Custom SQL' tab of the metric and column popovers: an optional label and the SQL. */
export function LabelledSqlPanel(props: LabelledSqlPanelProps): JSX.Element {
  const labelId = useId();
  const trimmed = props.sqlExpression.trim();
  return (
    <Fields role="tabpanel" aria-label="Custom SQL">
      <FieldLabel as="label" htmlFor={labelId}>
        Label
      </FieldLabel>
      <LabelInput
        id={labelId}
        placeholder={trimmed === '' ? props.emptyPlaceholder : trimmed}
        value={props.label}
        data-testid={props.labelTestId}
        onChange={(event) => props.onLabelChange(event.target.value)}
      />
      <FieldLabel>SQL expression</FieldLabel>
      <SqlExpressionField
        dataset={props.dataset}
        value={props.sqlExpression}
        ariaLabel={props.sqlAriaLabel}
        testId={props.sqlTestId}
        onChange={props.onSqlChange}
      />
    </Fields>
  );
}
