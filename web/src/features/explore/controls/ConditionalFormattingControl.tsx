import { useCallback, useEffect, useId, useRef, useState, type JSX, type RefObject } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import { Button } from '@/components/Button';
import { Select } from '@/components/Select';
import { comparators, isComparator, isTextComparator } from '@/features/chart/viz/table/conditionalFormatting';
import { coreMetricLabel, type ExploreFormData } from '@/features/explore/exploreFormData';
import { testIds } from '@/testIds';
import { useQuiverCore } from '@/wasm/useQuiverCore';
import {
  colorSchemeOptions,
  draftOfRule,
  emptyRuleDraft,
  formattableColumns,
  formattingRuleLabel,
  isRangeComparator,
  operatorOptionsFor,
  ruleOfDraft,
  type FormattableColumn,
  type FormattingRuleDraft,
  type SavedFormattingRule,
} from './conditionalFormattingRules';
import { Actions, FieldLabel, Fields, LabelInput, Popover } from './controlPopoverParts';
import { Chip, Remove } from './controlChips';

export interface ConditionalFormattingControlProps {
  value: readonly SavedFormattingRule[];
  /** The chart's form data: its metrics (or raw mode's columns) are the columns a rule can colour. */
  formData: ExploreFormData;
  dataset: Dataset;
  onChange: (rules: SavedFormattingRule[]) => void;
}

/** Which rule the popover edits: a new one, or a saved one by index. */
type Editing = { kind: 'new' } | { kind: 'rule'; index: number } | null;

/**
 * The table's "Conditional formatting" control (`conditional_formatting`): the saved rules as chips,
 * each removable and opening the editor when clicked, and "+ Add new color formatter".
 */
export function ConditionalFormattingControl({ value, formData, dataset, onChange }: ConditionalFormattingControlProps): JSX.Element {
  const core = useQuiverCore();
  const columns = formattableColumns(formData, dataset, (metric) => coreMetricLabel(core, metric));
  const [editing, setEditing] = useState<Editing>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const chipsRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    setEditing(null);
  }, []);

  const editedRule = editing?.kind === 'rule' ? value[editing.index] : undefined;

  function save(rule: SavedFormattingRule): void {
    if (editing?.kind === 'rule') onChange(value.map((saved, index) => (index === editing.index ? rule : saved)));
    else onChange([...value, rule]);
    setEditing(null);
  }

  return (
    <Root data-testid={testIds.explore.conditionalFormattingControl}>
      <Chips ref={chipsRef}>
        {value.map((rule, index) => {
          const label = formattingRuleLabel(rule);
          return (
            <Chip key={index} data-testid={testIds.explore.conditionalFormattingChip}>
              <ChipLabel type="button" aria-label={`Edit ${label}`} onClick={() => setEditing({ kind: 'rule', index })}>
                {label}
              </ChipLabel>
              <Remove
                type="button"
                aria-label={`Remove ${label}`}
                onClick={() => {
                  onChange(value.filter((_, kept) => kept !== index));
                  setEditing(null);
                }}
              >
                ×
              </Remove>
            </Chip>
          );
        })}
        <Button
          ref={addButtonRef}
          $variant="link"
          aria-expanded={editing?.kind === 'new'}
          data-testid={testIds.explore.addConditionalFormattingButton}
          onClick={() => setEditing((current) => (current?.kind === 'new' ? null : { kind: 'new' }))}
        >
          + Add new color formatter
        </Button>
      </Chips>
      {editing !== null && (
        <FormattingRulePopover
          key={editing.kind === 'rule' ? `rule-${editing.index}` : 'new'}
          initialDraft={editedRule === undefined ? emptyRuleDraft : draftOfRule(editedRule)}
          columns={columns}
          anchorRef={chipsRef}
          onClose={close}
          onSave={save}
        />
      )}
    </Root>
  );
}

interface FormattingRulePopoverProps {
  initialDraft: FormattingRuleDraft;
  columns: readonly FormattableColumn[];
  /** The chips and the add button: a click there is not a click outside. */
  anchorRef: RefObject<HTMLElement | null>;
  onSave: (rule: SavedFormattingRule) => void;
  onClose: () => void;
}

/** One rule's fields: column, colour, operator and its target(s); Save waits for a complete rule. */
function FormattingRulePopover({ initialDraft, columns, anchorRef, onSave, onClose }: FormattingRulePopoverProps): JSX.Element {
  const popoverRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<FormattingRuleDraft>(initialDraft);
  const targetId = useId();
  const leftId = useId();
  const rightId = useId();
  // A saved rule's column the chart no longer offers stays choosable, text when its operator is.
  const shownColumns =
    draft.column === null || columns.some((column) => column.name === draft.column)
      ? columns
      : [...columns, { name: draft.column, isText: isTextComparator(draft.operator) }];
  const isTextColumn = shownColumns.find((column) => column.name === draft.column)?.isText ?? false;
  const rule = ruleOfDraft(draft, isTextColumn);
  const columnOptions = shownColumns.map((column) => ({ value: column.name, label: column.name }));
  const columnOperatorOptions = operatorOptionsFor(isTextColumn);
  const colorOptions = colorSchemeOptions.some((option) => option.value === draft.colorScheme)
    ? colorSchemeOptions
    : [...colorSchemeOptions, { value: draft.colorScheme, label: draft.colorScheme }];

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

  function update(change: Partial<FormattingRuleDraft>): void {
    setDraft((current) => ({ ...current, ...change }));
  }

  return (
    <Popover
      ref={popoverRef}
      tabIndex={-1}
      role="dialog"
      aria-label="Color formatter"
      data-testid={testIds.explore.conditionalFormattingPopover}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <Fields>
        <FieldLabel>Column</FieldLabel>
        <Select
          mode="single"
          ariaLabel="Column"
          placeholder="Select column"
          options={columnOptions}
          value={draft.column}
          onChange={(column) => {
            // A column of the other kind starts from its own first operator (None, or '=' for strings).
            const isText = shownColumns.find((candidate) => candidate.name === column)?.isText ?? false;
            const operators = operatorOptionsFor(isText);
            const keepsOperator = operators.some((option) => option.value === draft.operator);
            update({ column, ...(keepsOperator ? {} : { operator: operators[0]?.value ?? comparators.none }) });
          }}
        />
      </Fields>
      <Fields>
        <FieldLabel>Color scheme</FieldLabel>
        <Select
          mode="single"
          ariaLabel="Color scheme"
          options={colorOptions}
          value={draft.colorScheme}
          onChange={(colorScheme) => update({ colorScheme })}
        />
      </Fields>
      <Fields>
        <FieldLabel>Operator</FieldLabel>
        <Select
          mode="single"
          ariaLabel="Operator"
          options={columnOperatorOptions}
          value={draft.operator}
          onChange={(operator) => {
            if (isComparator(operator)) update({ operator });
          }}
        />
      </Fields>
      {isRangeComparator(draft.operator) ? (
        <TargetRow>
          <Fields>
            <FieldLabel as="label" htmlFor={leftId}>
              Left value
            </FieldLabel>
            <LabelInput id={leftId} inputMode="decimal" value={draft.targetValueLeft} onChange={(event) => update({ targetValueLeft: event.target.value })} />
          </Fields>
          <Fields>
            <FieldLabel as="label" htmlFor={rightId}>
              Right value
            </FieldLabel>
            <LabelInput
              id={rightId}
              inputMode="decimal"
              value={draft.targetValueRight}
              onChange={(event) => update({ targetValueRight: event.target.value })}
            />
          </Fields>
        </TargetRow>
      ) : draft.operator !== comparators.none ? (
        <Fields>
          <FieldLabel as="label" htmlFor={targetId}>
            Target value
          </FieldLabel>
          <LabelInput
            id={targetId}
            inputMode={isTextColumn ? 'text' : 'decimal'}
            value={draft.targetValue}
            onChange={(event) => update({ targetValue: event.target.value })}
          />
        </Fields>
      ) : null}
      <Actions>
        <Button $variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          $variant="primary"
          disabled={rule === null}
          data-testid={testIds.explore.conditionalFormattingSaveButton}
          onClick={() => {
            if (rule !== null) onSave(rule);
          }}
        >
          Save
        </Button>
      </Actions>
    </Popover>
  );
}

const Root = styled.div`
  position: relative;
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: 32px;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const ChipLabel = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;

const TargetRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
