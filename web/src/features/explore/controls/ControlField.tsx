import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface ControlFieldProps {
  label: string;
  errors?: readonly string[];
  children: ReactNode;
}

/** A control's label, the control, and the messages of the rules it breaks. */
export function ControlField({ label, errors = [], children }: ControlFieldProps): JSX.Element {
  return (
    <Field>
      {label !== '' && <Label $isInvalid={errors.length > 0}>{label}</Label>}
      {children}
      {errors.map((message) => (
        <ErrorText key={message} role="alert" data-testid={testIds.explore.controlError}>
          {message}
        </ErrorText>
      ))}
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Label = styled.span<{ $isInvalid: boolean }>`
  color: ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.error.base : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
