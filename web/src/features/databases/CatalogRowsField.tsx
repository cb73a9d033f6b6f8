import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { LabeledTextField } from '@/components/LabeledTextField';
import { testIds } from '@/testIds';
import type { CatalogRow } from './connectionForm';
import type { CatalogRowErrors } from './parameterValidation';

export interface CatalogRowsFieldProps {
  rows: readonly CatalogRow[];
  /** `validate_parameters`' errors by row index (Superset's `extra.catalog`). */
  errors: Readonly<Record<number, CatalogRowErrors>>;
  onChange: (rows: CatalogRow[]) => void;
  /** A field was left: the form is checked again. */
  onBlur: () => void;
}

/**
 * The catalog rows of a multi-catalog PostgreSQL connection: each a catalog's name and the
 * database of the same server it reads, checked by `validate_parameters`; an error shows under
 * the row's name or database.
 */
export function CatalogRowsField({ rows, errors, onChange, onBlur }: CatalogRowsFieldProps): JSX.Element {
  const change = (index: number, changes: Partial<CatalogRow>): void =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  return (
    <fieldset data-testid={testIds.databaseModal.catalogRows}>
      <legend>Catalogs</legend>
      {rows.map((row, index) => (
        // Rows have no identity but their place (the server's errors name them by index).
        <Row key={index} data-testid={testIds.databaseModal.catalogRow}>
          <LabeledTextField
            label="Catalog name"
            testId={testIds.databaseModal.catalogName}
            value={row.name}
            onChange={(name) => change(index, { name })}
            onBlur={onBlur}
            error={errors[index]?.name}
            errorTestId={testIds.databaseModal.catalogError}
          />
          <LabeledTextField
            label="Database on the server"
            testId={testIds.databaseModal.catalogValue}
            value={row.value}
            onChange={(value) => change(index, { value })}
            onBlur={onBlur}
            error={errors[index]?.url}
            errorTestId={testIds.databaseModal.catalogError}
          />
          <Button
            aria-label="Remove catalog"
            data-testid={testIds.databaseModal.catalogRemove}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            ×
          </Button>
        </Row>
      ))}
      <Button data-testid={testIds.databaseModal.catalogAdd} onClick={() => onChange([...rows, { name: '', value: '' }])}>
        + Add catalog
      </Button>
    </fieldset>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  align-items: end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
