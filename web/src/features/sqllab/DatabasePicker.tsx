import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import { queryKeys } from '@/api/queryKeys';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { fetchCatalogs, fetchSchemas, useCatalogs, useSchemas } from './api';
import {
  pickerMessages,
  pickerTooltips,
  schemaOptions,
  selectCatalog,
  selectDatabase,
  showsCatalogSelect,
  valueForList,
  type PickerSelection,
} from './databasePicker';

export interface DatabasePickerProps {
  databases: readonly DatabaseListItem[];
  selection: PickerSelection;
  /** The fields that change together (a new database clears the catalog and schema). */
  onChange: (changes: Partial<PickerSelection>) => void;
}

/**
 * Spec 001 section 2's database picker: Database, Catalog (only for a database that allows
 * several catalogs) and Schema selects, the last two with a force-refresh button. A list of one
 * is picked for the user and a value the list lacks is cleared (section 4); a failed list is
 * toasted (section 8).
 */
export function DatabasePicker({ databases, selection, onChange }: DatabasePickerProps): JSX.Element {
  const { dbId } = selection;
  const database = databases.find((candidate) => candidate.id === dbId) ?? null;
  const isMultiCatalog = showsCatalogSelect(database);
  const catalog = isMultiCatalog ? selection.catalog : null;
  const catalogs = useCatalogs(dbId, isMultiCatalog);
  const schemas = useSchemas(dbId, catalog);
  const queryClient = useQueryClient();
  const { addToast } = useToasts();

  const catalogNames = catalogs.data;
  useEffect(() => {
    if (!isMultiCatalog || catalogNames === undefined) return;
    const kept = valueForList(catalogNames, selection.catalog);
    if (kept !== selection.catalog) onChange(selectCatalog(kept));
  }, [isMultiCatalog, catalogNames, selection.catalog, onChange]);

  const schemaNames = schemas.data;
  useEffect(() => {
    if (schemaNames === undefined) return;
    const kept = valueForList(schemaNames, selection.schema);
    if (kept !== selection.schema) onChange({ schema: kept });
  }, [schemaNames, selection.schema, onChange]);

  useEffect(() => {
    if (catalogs.isError) addToast('danger', pickerMessages.catalogsFailed);
  }, [catalogs.isError, catalogs.errorUpdatedAt, addToast]);
  useEffect(() => {
    if (schemas.isError) addToast('danger', pickerMessages.schemasFailed);
  }, [schemas.isError, schemas.errorUpdatedAt, addToast]);

  async function refreshCatalogs(): Promise<void> {
    if (dbId === null) return;
    try {
      queryClient.setQueryData(queryKeys.databaseCatalogs(dbId), await fetchCatalogs(dbId, true));
    } catch {
      addToast('danger', pickerMessages.catalogsFailed);
    }
  }

  async function refreshSchemas(): Promise<void> {
    if (dbId === null) return;
    try {
      queryClient.setQueryData(queryKeys.databaseSchemas(dbId, catalog), await fetchSchemas(dbId, { catalog, force: true }));
    } catch {
      addToast('danger', pickerMessages.schemasFailed);
    }
  }

  return (
    <>
      <Label>
        Database
        <NativeSelect
          data-testid={testIds.sqlLab.databaseSelect}
          value={dbId === null ? '' : String(dbId)}
          onChange={(event) => onChange(selectDatabase(event.target.value === '' ? null : Number(event.target.value)))}
        >
          <option value="">Select a database</option>
          {databases.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.database_name}
            </option>
          ))}
        </NativeSelect>
      </Label>
      {isMultiCatalog && (
        <RefreshableNameSelect
          label="Catalog"
          placeholder="Select a catalog"
          selectTestId={testIds.sqlLab.catalogSelect}
          refreshTestId={testIds.sqlLab.refreshCatalogs}
          refreshTooltip={pickerTooltips.refreshCatalogs}
          names={catalogNames}
          value={catalog}
          onSelect={(name) => onChange(selectCatalog(name))}
          onRefresh={() => void refreshCatalogs()}
        />
      )}
      <RefreshableNameSelect
        label="Schema"
        placeholder="Select a schema"
        selectTestId={testIds.sqlLab.schemaSelect}
        refreshTestId={testIds.sqlLab.refreshSchemas}
        refreshTooltip={pickerTooltips.refreshSchemas}
        names={schemaNames}
        value={selection.schema}
        isDisabled={dbId === null}
        onSelect={(name) => onChange({ schema: name })}
        onRefresh={() => void refreshSchemas()}
      />
      {schemas.isError && (
        <ErrorText role="alert" data-testid={testIds.sqlLab.schemaError} title={errorMessage(schemas.error)}>
          {pickerMessages.schemasFailed}
        </ErrorText>
      )}
    </>
  );
}

interface RefreshableNameSelectProps {
  label: string;
  placeholder: string;
  selectTestId: string;
  refreshTestId: string;
  refreshTooltip: string;
  names: readonly string[] | undefined;
  value: string | null;
  isDisabled?: boolean;
  onSelect: (name: string | null) => void;
  onRefresh: () => void;
}

/** A select of names (catalogs or schemas) with its force-refresh button. */
function RefreshableNameSelect({
  label,
  placeholder,
  selectTestId,
  refreshTestId,
  refreshTooltip,
  names,
  value,
  isDisabled = false,
  onSelect,
  onRefresh,
}: RefreshableNameSelectProps): JSX.Element {
  return (
    <Row>
      <Label>
        {label}
        <NativeSelect
          data-testid={selectTestId}
          value={value ?? ''}
          disabled={isDisabled}
          onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">{placeholder}</option>
          {schemaOptions(names ?? []).map((option) => (
            <option key={option.value} value={option.value} title={option.title}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Label>
      <RefreshButton
        type="button"
        data-testid={refreshTestId}
        title={refreshTooltip}
        aria-label={refreshTooltip}
        disabled={isDisabled}
        onClick={onRefresh}
      >
        ↻
      </RefreshButton>
    </Row>
  );
}

const Label = styled.label`
  display: flex;
  flex: 1;
  min-width: 0;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const NativeSelect = styled.select`
  flex: 1;
  min-width: 0;
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const RefreshButton = styled.button`
  width: 32px;
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
