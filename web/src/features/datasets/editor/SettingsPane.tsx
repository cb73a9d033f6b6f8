import type { JSX } from 'react';
import { OwnersSelect, ownerFromUserRef } from '@/components/OwnersSelect';
import { testIds } from '@/testIds';
import type { DatasetDraft } from '../datasetDraft';
import { CheckboxField, Field, Pane } from './editorLayout';

export interface SettingsPaneProps {
  draft: DatasetDraft;
  onChange: (draft: DatasetDraft) => void;
}

/** The Settings tab: description, owners, default datetime, offsets, cache timeout, templates, extra. */
export function SettingsPane({ draft, onChange }: SettingsPaneProps): JSX.Element {
  const temporalColumns = draft.columns.filter((column) => column.is_dttm).map((column) => column.column_name);
  return (
    <Pane>
      <Field>
        <span>Description</span>
        <textarea
          data-testid={testIds.datasetEditor.description}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
        />
      </Field>
      <Field as="div">
        <span>Owners</span>
        <OwnersSelect
          resource="dataset"
          testId={testIds.datasetEditor.owners}
          value={draft.owners.map(ownerFromUserRef)}
          onChange={(owners) => onChange({ ...draft, owners: owners.map((owner) => ({ id: owner.id, first_name: owner.name, last_name: '' })) })}
        />
      </Field>
      <Field>
        <span>Default URL</span>
        <input
          data-testid={testIds.datasetEditor.defaultEndpoint}
          value={draft.default_endpoint}
          onChange={(event) => onChange({ ...draft, default_endpoint: event.target.value })}
        />
      </Field>
      <Field>
        <span>Default datetime</span>
        <select
          data-testid={testIds.datasetEditor.mainDttmCol}
          value={draft.main_dttm_col}
          onChange={(event) => onChange({ ...draft, main_dttm_col: event.target.value })}
        >
          <option value="">None</option>
          {temporalColumns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <CheckboxField>
        <input
          type="checkbox"
          data-testid={testIds.datasetEditor.filterSelectEnabled}
          checked={draft.filter_select_enabled}
          onChange={(event) => onChange({ ...draft, filter_select_enabled: event.target.checked })}
        />
        Autocomplete filters
      </CheckboxField>
      <Field>
        <span>Autocomplete query predicate</span>
        <input
          data-testid={testIds.datasetEditor.fetchValuesPredicate}
          value={draft.fetch_values_predicate}
          onChange={(event) => onChange({ ...draft, fetch_values_predicate: event.target.value })}
        />
      </Field>
      <Field>
        <span>Hours offset</span>
        <input data-testid={testIds.datasetEditor.offset} value={draft.offset} onChange={(event) => onChange({ ...draft, offset: event.target.value })} />
      </Field>
      <Field>
        <span>Cache timeout</span>
        <input
          data-testid={testIds.datasetEditor.cacheTimeout}
          value={draft.cache_timeout}
          onChange={(event) => onChange({ ...draft, cache_timeout: event.target.value })}
        />
      </Field>
      <Field>
        <span>Template parameters</span>
        <textarea
          data-testid={testIds.datasetEditor.templateParams}
          value={draft.template_params}
          onChange={(event) => onChange({ ...draft, template_params: event.target.value })}
        />
      </Field>
      <Field>
        <span>Extra</span>
        <textarea data-testid={testIds.datasetEditor.extra} value={draft.extra} onChange={(event) => onChange({ ...draft, extra: event.target.value })} />
      </Field>
      <CheckboxField>
        <input
          type="checkbox"
          checked={draft.normalize_columns}
          onChange={(event) => onChange({ ...draft, normalize_columns: event.target.checked })}
        />
        Normalize column names
      </CheckboxField>
      <CheckboxField>
        <input
          type="checkbox"
          checked={draft.always_filter_main_dttm}
          onChange={(event) => onChange({ ...draft, always_filter_main_dttm: event.target.checked })}
        />
        Always filter main datetime column
      </CheckboxField>
    </Pane>
  );
}
