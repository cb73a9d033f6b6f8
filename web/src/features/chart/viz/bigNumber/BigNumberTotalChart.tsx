import type { JSX } from 'react';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartRendererProps } from '../chartRendererProps';
import { readFormNumber, readFormString } from '../formDataValues';
import { numericCellValue } from '../numberFormat';
import { bigNumberHeaderFormatter } from './bigNumberFormat';
import { BigNumberLayout } from './BigNumberLayout';

/** Superset's text when the big number's value is null. */
export const noBigNumberText = 'No data';

/** `big_number_total`: one metric's value, formatted with `y_axis_format` (a date in `time_format`), and `subheader`. */
export function BigNumberTotalChart({ data, formData, width, height }: ChartRendererProps): JSX.Element {
  const metric = data.columns.find((column) => column.genericType === genericDataTypes.numeric || column.genericType === genericDataTypes.temporal) ?? data.columns[0];
  if (metric === undefined || data.rowCount === 0) return <ChartEmptyState height={height} />;
  const value = numericCellValue(metric.values[0]);
  const header = value === null ? noBigNumberText : bigNumberHeaderFormatter(formData, metric.genericType)(value);
  return (
    <BigNumberLayout
      width={width}
      height={height}
      header={header}
      value={value}
      headerFontProportion={readFormNumber(formData, 'header_font_size', 0.4)}
      subheader={readFormString(formData, 'subheader', '')}
      subheaderFontProportion={readFormNumber(formData, 'subheader_font_size', 0.15)}
    />
  );
}
