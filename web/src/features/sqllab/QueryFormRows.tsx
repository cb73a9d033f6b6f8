import type { JSX } from 'react';
import styled from 'styled-components';

/** One labelled row of SQL Lab's query forms (save, schedule): the title above its input. */
export const FormRow = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
  font-weight: 600;

  input,
  textarea {
    font: inherit;
    font-weight: normal;
    padding: ${({ theme }) => theme.gridUnit * 2}px;
  }
`;

/** A row's complaint under its input. */
export const FormRowError = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
  font-weight: normal;
`;

export interface NameAndDescriptionRowsProps {
  /** The first row's title: 'Name' when saving, 'Label' when scheduling (Superset's words). */
  nameTitle: string;
  name: string;
  onNameChange: (name: string) => void;
  nameTestId: string;
  namePlaceholder?: string;
  description: string;
  onDescriptionChange: (description: string) => void;
  descriptionTestId: string;
  descriptionRows: number;
  descriptionPlaceholder?: string;
}

/** The name and description rows a saved query's forms share. */
export function NameAndDescriptionRows({
  nameTitle,
  name,
  onNameChange,
  nameTestId,
  namePlaceholder,
  description,
  onDescriptionChange,
  descriptionTestId,
  descriptionRows,
  descriptionPlaceholder,
}: NameAndDescriptionRowsProps): JSX.Element {
  return (
    <>
      <FormRow>
        {nameTitle}
        <input data-testid={nameTestId} placeholder={namePlaceholder} value={name} onChange={(event) => onNameChange(event.target.value)} />
      </FormRow>
      <FormRow>
        Description
        <textarea
          data-testid={descriptionTestId}
          rows={descriptionRows}
          placeholder={descriptionPlaceholder}
          value={description}
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
      </FormRow>
    </>
  );
}
