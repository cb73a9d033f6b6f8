import { useEffect, useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { copyWithToast } from '@/components/copyWithToast';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import type { ExploreFormData } from '../exploreFormData';
import { createExplorePermalink } from '../exploreStateApi';
import { formDataToSave } from '../formDataToSave';
import { defaultEmbedHeight, defaultEmbedWidth, embedCodeHtml } from './embedCode';

export interface EmbedCodeModalProps {
  formData: ExploreFormData;
  onClose: () => void;
}

/**
 * Share > "Embed code": an iframe of the chart's permalink in standalone mode
 * (`?standalone=1&height=`), with its width and height, and "Copy code".
 */
export function EmbedCodeModal({ formData, onClose }: EmbedCodeModalProps): JSX.Element {
  const { addToast } = useToasts();
  const [permalinkUrl, setPermalinkUrl] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [height, setHeight] = useState(defaultEmbedHeight);
  const [width, setWidth] = useState(defaultEmbedWidth);
  const ids = { height: useId(), width: useId(), code: useId() };

  useEffect(() => {
    let isCurrent = true;
    createExplorePermalink(formDataToSave(formData))
      .then(({ url }) => {
        if (isCurrent) setPermalinkUrl(url);
      })
      .catch((error: unknown) => {
        if (isCurrent) setLoadError(errorMessage(error));
      });
    return () => {
      isCurrent = false;
    };
  }, [formData]);

  const code = permalinkUrl === null ? '' : embedCodeHtml(permalinkUrl, width, height);

  return (
    <Modal title="Embed code" testId={testIds.embedCode.modal} onClose={onClose}>
      {loadError !== null && <ErrorText role="alert">{loadError}</ErrorText>}
      <Label htmlFor={ids.code}>Code</Label>
      <Code id={ids.code} readOnly rows={9} value={code} data-testid={testIds.embedCode.code} />
      <Sizes>
        <SizeField>
          <Label htmlFor={ids.height}>Chart height</Label>
          <SizeInput id={ids.height} inputMode="numeric" value={height} data-testid={testIds.embedCode.height} onChange={(event) => setHeight(event.target.value)} />
        </SizeField>
        <SizeField>
          <Label htmlFor={ids.width}>Chart width</Label>
          <SizeInput id={ids.width} inputMode="numeric" value={width} data-testid={testIds.embedCode.width} onChange={(event) => setWidth(event.target.value)} />
        </SizeField>
      </Sizes>
      <Actions>
        <Button $variant="secondary" disabled={code === ''} data-testid={testIds.embedCode.copyButton} onClick={() => void copyWithToast(code, addToast)}>
          Copy code
        </Button>
      </Actions>
    </Modal>
  );
}

const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Code = styled.textarea`
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.monospaceFontFamily};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  resize: none;
`;

const Sizes = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  margin-top: ${({ theme }) => theme.gridUnit * 3}px;
`;

const SizeField = styled.div`
  flex: 1;
`;

const SizeInput = styled.input`
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.gridUnit * 3}px;
`;

const ErrorText = styled.p`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.error.base};
`;
