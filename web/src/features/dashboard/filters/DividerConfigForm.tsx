import type { JSX } from 'react';
import styled from 'styled-components';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { testIds } from '@/testIds';
import { filterFieldStyles } from './filterFieldStyles';

/** The settings of a filter bar divider (Superset's `DividerConfigForm`): its title and description. */
export function DividerConfigForm({ divider, onChange }: { divider: NativeFilter; onChange: (divider: NativeFilter) => void }): JSX.Element {
  return (
    <Form onSubmit={(event) => event.preventDefault()} data-testid={testIds.dashboardFilters.dividerForm}>
      <Field>
        <FieldLabel>Title</FieldLabel>
        <TitleInput data-testid={testIds.dashboardFilters.dividerTitleInput} value={divider.title ?? ''} onChange={(event) => onChange({ ...divider, title: event.target.value })} />
      </Field>
      <Field>
        <FieldLabel>Description</FieldLabel>
        <DescriptionInput
          rows={4}
          data-testid={testIds.dashboardFilters.dividerDescriptionInput}
          value={divider.description ?? ''}
          onChange={(event) => onChange({ ...divider, description: event.target.value })}
        />
      </Field>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  min-width: 0;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const FieldLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const TitleInput = styled.input`
  ${filterFieldStyles}
`;

const DescriptionInput = styled.textarea`
  ${filterFieldStyles}
  height: auto;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  font: inherit;
`;
