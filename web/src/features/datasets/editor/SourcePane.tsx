import type { JSX } from 'react';
import { testIds } from '@/testIds';
import type { DatasetDraft } from '../datasetDraft';
import { CheckboxField, Field, Pane } from './editorLayout';

export interface SourcePaneProps {
  draft: DatasetDraft;
  onChange: (draft: DatasetDraft) => void;
}

/**
 * The Source tab: a physical dataset's schema and table, or a virtual dataset's SQL. The database
 * is shown, not changed. Saving changed SQL syncs the columns (`override_columns`).
 */
export function SourcePane({ draft, onChange }: SourcePaneProps): JSX.Element {
  return (
    <Pane>
      <div role="radiogroup" aria-label="Dataset type">
        <CheckboxField>
          <input
            type="radio"
            name="dataset-source"
            data-testid={testIds.datasetEditor.sourcePhysical}
            checked={!draft.isVirtual}
            onChange={() => onChange({ ...draft, isVirtual: false })}
          />
          Physical (table or view)
        </CheckboxField>
        <CheckboxField>
          <input
            type="radio"
            name="dataset-source"
            data-testid={testIds.datasetEditor.sourceVirtual}
            checked={draft.isVirtual}
            onChange={() => onChange({ ...draft, isVirtual: true })}
          />
          Virtual (SQL)
        </CheckboxField>
      </div>
      <Field>
        <span>Database</span>
        <input aria-label="Database" value={draft.database.database_name} disabled />
      </Field>
      {draft.database.allow_multi_catalog && (
        <Field>
          <span>Catalog</span>
          <input aria-label="Catalog" value={draft.catalog ?? ''} onChange={(event) => onChange({ ...draft, catalog: event.target.value })} />
        </Field>
      )}
      <Field>
        <span>Schema</span>
        <input
          aria-label="Schema"
          data-testid={testIds.datasetEditor.sourceSchema}
          value={draft.schema}
          onChange={(event) => onChange({ ...draft, schema: event.target.value })}
        />
      </Field>
      <Field>
        <span>{draft.isVirtual ? 'Dataset name' : 'Table name'}</span>
        <input
          aria-label="Table name"
          data-testid={testIds.datasetEditor.sourceTableName}
          value={draft.table_name}
          onChange={(event) => onChange({ ...draft, table_name: event.target.value })}
        />
      </Field>
      {draft.isVirtual && (
        <Field>
          <span>SQL</span>
          <textarea
            aria-label="SQL"
            rows={8}
            data-testid={testIds.datasetEditor.sourceSql}
            value={draft.sql}
            onChange={(event) => onChange({ ...draft, sql: event.target.value })}
          />
        </Field>
      )}
    </Pane>
  );
}
