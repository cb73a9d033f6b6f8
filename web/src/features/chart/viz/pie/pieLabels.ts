import type { NumberFormatter } from '../numberFormat';
import { numberFormatter } from '../numberFormat';

/** Superset's pie `label_type` choices. */
export type PieLabelType = 'key' | 'value' | 'percent' | 'key_value' | 'key_percent' | 'key_value_percent' | 'value_percent';

const percentFormatter = numberFormatter(',.2%');

export function readPieLabelType(value: unknown): PieLabelType {
  const choices: readonly string[] = ['key', 'value', 'percent', 'key_value', 'key_percent', 'key_value_percent', 'value_percent'];
  return typeof value === 'string' && choices.includes(value) ? (value as PieLabelType) : 'key';
}

/** A slice's label: "boy", "48.1M", "59.66%", "boy: 48.1M (59.66%)" and so on. */
export function pieSliceLabel(labelType: PieLabelType, key: string, value: number, total: number, formatValue: NumberFormatter): string {
  const formattedValue = formatValue(value);
  const percent = percentFormatter(total === 0 ? 0 : value / total);
  switch (labelType) {
    case 'value':
      return formattedValue;
    case 'percent':
      return percent;
    case 'key_value':
      return `${key}: ${formattedValue}`;
    case 'key_percent':
      return `${key}: ${percent}`;
    case 'key_value_percent':
      return `${key}: ${formattedValue} (${percent})`;
    case 'value_percent':
      return `${formattedValue} (${percent})`;
    default:
      return key;
  }
}
