import type { JSX } from 'react';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetColumn } from '@/api/generated/DatasetColumn';
import { Select } from '@/components/Select';

export interface ColumnControlProps {
  dataset: Dataset;
  label: string;
  /** A list of columns (`groupby`, `columns`) or one (`x_axis`, `series`). */
  isMulti: boolean;
  /** Temporal columns first, as the x-axis wants them. */
  prefersTemporal: boolean;
  value: unknown;
  isInvalid: boolean;
  onChange: (value: string[] | string | null) => void;
}

function isTemporal(column: DatasetColumn): boolean {
  return column.is_dttm || column.type_generic === 2;
}

/** A dataset column picker: dimensions, raw columns, the x-axis, a series column. */
export function ColumnControl({ dataset, label, isMulti, prefersTemporal, value, isInvalid, onChange }: ColumnControlProps): JSX.Element {
  const groupable = dataset.columns.filter((column) => column.groupby);
  const ordered = prefersTemporal ? [...groupable.filter(isTemporal), ...groupable.filter((column) => !isTemporal(column))] : groupable;
  const options = ordered.map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));

  if (isMulti) {
    const chosen = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    return (
      <Select
        mode="multiple"
        ariaLabel={label}
        placeholder="Drop columns here or click"
        options={options}
        value={chosen}
        isInvalid={isInvalid}
        onChange={onChange}
      />
    );
  }
  return (
    <Select
      mode="single"
      ariaLabel={label}
      placeholder="Drop a column here or click"
      options={options}
      value={typeof value === 'string' && value !== '' ? value : null}
      isInvalid={isInvalid}
      onChange={onChange}
    />
  );
}
