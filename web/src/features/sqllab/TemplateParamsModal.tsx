import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { templateParamsHelp, validateTemplateParams } from './templateParams';

export interface TemplateParamsModalProps {
  /** The tab's parameters, a JSON object as text (null when none). */
  templateParams: string | null;
  onClose: () => void;
  /** Valid parameters to keep in the tab (null clears them). */
  onSave: (templateParams: string | null) => void;
}

/** 'Template parameters': the tab's Jinja parameters as JSON; invalid JSON says so and is not kept. */
export function TemplateParamsModal({ templateParams, onClose, onSave }: TemplateParamsModalProps): JSX.Element {
  const [text, setText] = useState(templateParams ?? '{}');
  const validation = validateTemplateParams(text);
  const error = validation.isValid ? null : validation.error;

  function save(): void {
    if (validation.isValid) onSave(validation.value);
  }

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" data-testid={testIds.sqlLab.templateParamsSave} disabled={error !== null} onClick={save}>
        Save
      </Button>
    </>
  );

  return (
    <Modal title="Template parameters" testId={testIds.sqlLab.templateParamsModal} footer={footer} width={600} onClose={onClose}>
      <Help>{templateParamsHelp}</Help>
      <Editor
        aria-label="Template parameters (JSON)"
        aria-invalid={error !== null}
        data-testid={testIds.sqlLab.templateParamsEditor}
        rows={12}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error !== null && (
        <ErrorText role="alert" data-testid={testIds.sqlLab.templateParamsError}>
          {error}
        </ErrorText>
      )}
    </Modal>
  );
}

const Help = styled.p`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 3}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Editor = styled.textarea`
  box-sizing: border-box;
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: monospace;
  font-size: ${({ theme }) => theme.fontSizes.s}px;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.base};
  }
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
