import type { JSX } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import type { MetricRef } from '@/api/generated/MetricRef';
import { categoricalSchemes, colorSchemeChoices, sequentialSchemes } from '@/features/chart/viz/colorSchemes';
import { readFormBoolean } from '@/features/chart/viz/formDataValues';
import { controlValue, defaultTimeRange, type ExploreFormData } from '@/features/explore/exploreFormData';
import { testIds } from '@/testIds';
import type { ControlDefinition } from '@/wasm/controlPanel';
import { readAdhocFilters } from './adhocFilters';
import { AdhocFiltersControl } from './AdhocFiltersControl';
import { AnnotationLayersControl } from './annotations/AnnotationLayersControl';
import { ChoiceSelectControl } from './ChoiceSelectControl';
import { ColumnConfigControl, readColumnConfig } from './ColumnConfigControl';
import { ColumnControl } from './ColumnControl';
import { ConditionalFormattingControl } from './ConditionalFormattingControl';
import { readSavedRules } from './conditionalFormattingRules';
import { ControlField } from './ControlField';
import { MetricsControl } from './MetricsControl';
import { NumberTextInput } from './NumberTextInput';
import { TimeRangeControl } from './timeRange/TimeRangeControl';

export interface PanelControlProps {
  control: ControlDefinition;
  dataset: Dataset;
  formData: ExploreFormData;
  errors: readonly string[];
  onChange: (name: string, value: unknown) => void;
}

function isMetricRef(value: unknown): value is MetricRef {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && 'expressionType' in value);
}

function inputText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** One control of the generic panel, rendered by its `type`, with its label and errors. */
export function PanelControl({ control, dataset, formData, errors, onChange }: PanelControlProps): JSX.Element {
  const value = controlValue(formData, control.name, control.default);
  const isInvalid = errors.length > 0;
  const change = (next: unknown): void => onChange(control.name, next);

  function renderInput(): JSX.Element {
    switch (control.type) {
      case 'metrics': {
        const metrics = Array.isArray(value) ? value.filter(isMetricRef) : [];
        return <MetricsControl dataset={dataset} value={metrics} isInvalid={isInvalid} onChange={change} />;
      }
      case 'metric': {
        const metrics = isMetricRef(value) ? [value] : [];
        return (
          <MetricsControl
            dataset={dataset}
            value={metrics}
            isInvalid={isInvalid}
            allowsMultiple={false}
            onChange={(chosen) => change(chosen.at(-1) ?? null)}
          />
        );
      }
      case 'groupby':
      case 'columns':
      case 'column':
        return (
          <ColumnControl
            dataset={dataset}
            label={control.label}
            isMulti={control.type !== 'column' || control.multi}
            prefersTemporal={control.name === 'x_axis' || control.name === 'granularity_sqla'}
            value={value}
            isInvalid={isInvalid}
            onChange={change}
          />
        );
      case 'adhoc_filters':
        return <AdhocFiltersControl dataset={dataset} value={readAdhocFilters(value)} isInvalid={isInvalid} onChange={change} />;
      case 'select':
        return (
          <ChoiceSelectControl
            label={control.label}
            choices={control.choices ?? []}
            isFreeForm={control.freeForm}
            isMulti={control.multi}
            value={value}
            isInvalid={isInvalid}
            onChange={change}
          />
        );
      case 'color_scheme':
      case 'linear_color_scheme':
        return (
          <ChoiceSelectControl
            label={control.label}
            choices={colorSchemeChoices(control.type === 'color_scheme' ? categoricalSchemes : sequentialSchemes)}
            isFreeForm={false}
            value={value}
            isInvalid={isInvalid}
            onChange={change}
          />
        );
      case 'checkbox':
        return (
          <CheckboxLabel>
            <input type="checkbox" checked={value === true} onChange={(event) => change(event.target.checked)} />
            {control.label}
          </CheckboxLabel>
        );
      case 'number':
      case 'slider':
        return <NumberTextInput label={control.label} value={value} isInvalid={isInvalid} onChange={change} />;
      case 'text':
        return (
          <TextInput
            aria-label={control.label}
            aria-invalid={isInvalid}
            $isInvalid={isInvalid}
            value={inputText(value)}
            onChange={(event) => change(event.target.value)}
          />
        );
      case 'text_area':
        return <TextArea aria-label={control.label} rows={3} value={inputText(value)} onChange={(event) => change(event.target.value)} />;
      case 'annotation_layers':
        return <AnnotationLayersControl value={Array.isArray(value) ? (value as unknown[]) : []} onChange={change} />;
      case 'time_range':
        return (
          <TimeRangeControl
            label={control.label}
            value={typeof value === 'string' && value !== '' ? value : defaultTimeRange}
            isInvalid={isInvalid}
            onChange={change}
          />
        );
      case 'column_config':
        return (
          <ColumnConfigControl
            value={readColumnConfig(value)}
            formData={formData}
            dataset={dataset}
            chartBarOptions={{
              showCellBars: readFormBoolean(formData, 'show_cell_bars', true),
              alignPositiveNegative: readFormBoolean(formData, 'align_pn', false),
              colorPositiveNegative: readFormBoolean(formData, 'color_pn', true),
            }}
            onChange={change}
          />
        );
      case 'conditional_formatting':
        return (
<ConditionalFormattingControl value={readSavedRules(value)} formData={formData} dataset={dataset} onChange={change} />
        );
      default:
        return <ReadOnlyValue>Not editable in Quiver yet</ReadOnlyValue>;
    }
  }

  const isCheckbox = control.type === 'checkbox';
  const isSingleSelect = (control.type === 'select' || control.type === 'column') && !control.multi && control.clearable;
  const canClear = isSingleSelect && value !== null && value !== undefined && value !== '';
  return (
    <ControlRoot data-testid={testIds.explore.control} data-control={control.name} data-control-type={control.type} title={control.description}>
      <ControlField label={isCheckbox ? '' : control.label} errors={errors}>
        {canClear ? (
          <ClearableInput>
            {renderInput()}
            <ClearButton type="button" aria-label={`Clear ${control.label}`} onClick={() => change(null)}>
              ×
            </ClearButton>
          </ClearableInput>
        ) : (
          renderInput()
        )}
      </ControlField>
    </ControlRoot>
  );
}

const ControlRoot = styled.div`
  min-width: 0;
`;

const ClearableInput = styled.div`
  position: relative;
`;

const ClearButton = styled.button`
  position: absolute;
  top: 50%;
  right: 26px;
  padding: 0 2px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  transform: translateY(-50%);
`;

const CheckboxLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
  cursor: pointer;
`;

const TextInput = styled.input<{ $isInvalid: boolean }>`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.error.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const TextArea = styled.textarea`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: inherit;
`;

const ReadOnlyValue = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
