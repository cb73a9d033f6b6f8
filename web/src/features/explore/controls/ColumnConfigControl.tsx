import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { readColumnFormat, type ColumnHorizontalAlign, type TableColumnFormat } from '@/features/chart/viz/table/tableCellFormat';
import { coreMetricLabel, type ExploreFormData } from '@/features/explore/exploreFormData';
import { testIds } from '@/testIds';
import { useQuiverCore } from '@/wasm/useQuiverCore';
import { FieldLabel, Fields, LabelInput } from './controlPopoverParts';
import { tableResultColumns, type TableResultColumn } from './tableResultColumns';

/** `column_config` as saved: each column's settings by its name. */
export type ColumnConfigValue = Record<string, TableColumnFormat>;

/** Superset's "Text align" choices. */
export const horizontalAlignOptions: readonly { value: ColumnHorizontalAlign; label: string }[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];

/** The saved `column_config`: each column's settings of the right type. */
export function readColumnConfig(value: unknown): ColumnConfigValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const config: ColumnConfigValue = {};
  for (const [name, settings] of Object.entries(value as Record<string, unknown>)) {
    if (typeof settings === 'object' && settings !== null && !Array.isArray(settings)) config[name] = readColumnFormat(settings as Record<string, unknown>);
  }
  return config;
}

/**
 * `column_config` with one column's setting changed: an empty text, an empty width or an
 * unchecked-to-default value removes the key, and a column left with no setting drops out.
 */
export function withColumnSetting<K extends keyof TableColumnFormat>(
  config: ColumnConfigValue,
  column: string,
  key: K,
  value: TableColumnFormat[K] | undefined,
): ColumnConfigValue {
  const isCleared = value === undefined || value === '';
  const settings: TableColumnFormat = Object.fromEntries(Object.entries({ ...config[column], [key]: value }).filter(([name]) => !(isCleared && name === key)));
  const rest = Object.fromEntries(Object.entries(config).filter(([name]) => name !== column));
  return Object.keys(settings).length === 0 ? rest : { ...rest, [column]: settings };
}

export interface ColumnConfigControlProps {
  value: ColumnConfigValue;
  /** The chart's form data: its group-by columns and metrics (or raw columns) are the columns to customize. */
  formData: ExploreFormData;
  dataset: Dataset;
  /** Whether the chart draws cell bars (`show_cell_bars`), `align_pn` and `color_pn`: a column's checkbox starts from them. */
  chartBarOptions: { showCellBars: boolean; alignPositiveNegative: boolean; colorPositiveNegative: boolean };
  onChange: (value: ColumnConfigValue) => void;
}

/**
 * The table's "Customize columns" control (`column_config`, Superset's `ColumnConfigControl`):
 * one row per result column; opening a row edits its minimum width and text alignment, and a
 * number column's D3 format, small number format and cell bar options, a time column's D3 format.
 */
export function ColumnConfigControl({ value, formData, dataset, chartBarOptions, onChange }: ColumnConfigControlProps): JSX.Element {
  const core = useQuiverCore();
  const columns = tableResultColumns(formData, dataset, (metric) => coreMetricLabel(core, metric));
  const [openColumn, setOpenColumn] = useState<string | null>(null);

  if (columns.length === 0) return <Empty>Add columns or metrics to customize them</Empty>;
  return (
    <Root data-testid={testIds.explore.columnConfigControl}>
      {columns.map((column) => {
        const isOpen = openColumn === column.name;
        const isCustomized = value[column.name] !== undefined;
        return (
          <Row key={column.name} data-testid={testIds.explore.columnConfigRow} data-column={column.name}>
            <RowButton type="button" aria-expanded={isOpen} onClick={() => setOpenColumn(isOpen ? null : column.name)}>
              <span>{column.name}</span>
              {isCustomized && <Customized aria-label="customized">●</Customized>}
            </RowButton>
            {isOpen && (
              <ColumnSettings
                column={column}
                settings={value[column.name] ?? {}}
                chartBarOptions={chartBarOptions}
                onChange={(key, setting) => onChange(withColumnSetting(value, column.name, key, setting))}
              />
            )}
          </Row>
        );
      })}
    </Root>
  );
}

interface ColumnSettingsProps {
  column: TableResultColumn;
  settings: TableColumnFormat;
  chartBarOptions: ColumnConfigControlProps['chartBarOptions'];
  onChange: <K extends keyof TableColumnFormat>(key: K, value: TableColumnFormat[K] | undefined) => void;
}

/** One column's settings, by its type. */
function ColumnSettings({ column, settings, chartBarOptions, onChange }: ColumnSettingsProps): JSX.Element {
  const widthId = useId();
  const alignId = useId();
  const formatId = useId();
  const smallFormatId = useId();
  const isNumeric = column.genericType === genericDataTypes.numeric;
  const isTemporal = column.genericType === genericDataTypes.temporal;
  return (
    <Settings role="group" aria-label={`Customize ${column.name}`} data-testid={testIds.explore.columnConfigSettings}>
      <Fields>
        <FieldLabel as="label" htmlFor={widthId}>
          Min width
        </FieldLabel>
        <LabelInput
          id={widthId}
          type="number"
          min={0}
          placeholder="Auto"
          value={settings.columnWidth ?? ''}
          onChange={(event) => {
            const width = Number(event.target.value);
            onChange('columnWidth', event.target.value === '' || !Number.isFinite(width) || width <= 0 ? undefined : width);
          }}
        />
      </Fields>
      <Fields>
        <FieldLabel as="label" htmlFor={alignId}>
          Text align
        </FieldLabel>
        <NativeSelect
          id={alignId}
          value={settings.horizontalAlign ?? ''}
          onChange={(event) => onChange('horizontalAlign', horizontalAlignOptions.find((option) => option.value === event.target.value)?.value)}
        >
          <option value="">Default</option>
          {horizontalAlignOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Fields>
      {(isNumeric || isTemporal) && (
        <Fields>
          <FieldLabel as="label" htmlFor={formatId}>
            D3 format
          </FieldLabel>
          <LabelInput
            id={formatId}
            placeholder={isNumeric ? 'SMART_NUMBER' : 'smart_date'}
            value={(isNumeric ? settings.d3NumberFormat : settings.d3TimeFormat) ?? ''}
            onChange={(event) => onChange(isNumeric ? 'd3NumberFormat' : 'd3TimeFormat', event.target.value)}
          />
        </Fields>
      )}
      {isNumeric && (
        <>
          <Fields>
            <FieldLabel as="label" htmlFor={smallFormatId}>
              Small number format
            </FieldLabel>
            <LabelInput id={smallFormatId} value={settings.d3SmallNumberFormat ?? ''} onChange={(event) => onChange('d3SmallNumberFormat', event.target.value)} />
          </Fields>
          <Checkbox label="Show cell bars" checked={settings.showCellBars ?? chartBarOptions.showCellBars} onChange={(checked) => onChange('showCellBars', checked)} />
          <Checkbox
            label="Align +/-"
            checked={settings.alignPositiveNegative ?? chartBarOptions.alignPositiveNegative}
            onChange={(checked) => onChange('alignPositiveNegative', checked)}
          />
          <Checkbox
            label="Color +/-"
            checked={settings.colorPositiveNegative ?? chartBarOptions.colorPositiveNegative}
            onChange={(checked) => onChange('colorPositiveNegative', checked)}
          />
        </>
      )}
    </Settings>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }): JSX.Element {
  return (
    <CheckboxLabel>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </CheckboxLabel>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Row = styled.div`
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const RowButton = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 2}px`};
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
`;

const Customized = styled.span`
  color: ${({ theme }) => theme.colors.primary.base};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Settings = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
`;

const NativeSelect = styled.select`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const CheckboxLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
