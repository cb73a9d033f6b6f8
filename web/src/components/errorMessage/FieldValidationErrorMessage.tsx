import type { JSX } from 'react';
import styled from 'styled-components';
import { ErrorAlert } from './ErrorAlert';
import type { FieldMessages } from './errorDisplay';

export interface FieldValidationErrorMessageProps {
  /** The error's own message, the alert's title ("Invalid input" for refused controls). */
  message: string;
  fields: readonly FieldMessages[];
}

/** `{field: [messages]}`, the details behind "See more". */
function fieldMessagesJson(fields: readonly FieldMessages[]): string {
  return JSON.stringify(Object.fromEntries(fields.map(({ field, messages }) => [field, messages])), null, 2);
}

/**
 * The field-validation list (spec 001 §8, Superset's `MarshmallowErrorMessage`): one line per
 * field message, "row_limit: is expected to be an integer", and the messages as JSON behind
 * "See more".
 */
export function FieldValidationErrorMessage({ message, fields }: FieldValidationErrorMessageProps): JSX.Element {
  const list = (
    <FieldList>
      {fields.flatMap(({ field, messages }) =>
        messages.map((fieldMessage) => (
          <li key={`${field}:${fieldMessage}`} data-field={field}>
            {`${field}: ${fieldMessage}`}
          </li>
        )),
      )}
    </FieldList>
  );
  return <ErrorAlert display="field-validation" title={message} description={list} details={<pre>{fieldMessagesJson(fields)}</pre>} />;
}

const FieldList = styled.ul`
  margin: ${({ theme }) => theme.gridUnit}px 0 0;
  padding-left: ${({ theme }) => theme.gridUnit * 5}px;
  white-space: normal;
`;
