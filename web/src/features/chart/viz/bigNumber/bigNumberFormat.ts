import type { GenericDataType } from '@/api/generated/GenericDataType';
import { genericDataTypes } from '@/features/chart/chartColumns';
import type { ChartFormData } from '../chartRendererProps';
import { readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { smartDateFormat, timeFormatter } from '../timeFormat';

/**
 * Superset's big number header: a temporal metric (`MAX(ds)`), or any metric with
 * `force_timestamp_formatting`, shows as a date in `time_format`; others as numbers in `y_axis_format`.
 */
export function bigNumberHeaderFormatter(formData: ChartFormData, metricType: GenericDataType | null): (value: number) => string {
  const isTimestamp = metricType === genericDataTypes.temporal || readFormBoolean(formData, 'force_timestamp_formatting', false);
  if (isTimestamp) return timeFormatter(readFormString(formData, 'time_format', smartDateFormat));
  return numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
}
