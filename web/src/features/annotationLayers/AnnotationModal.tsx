import { useId, useState, type JSX } from 'react';
import { errorMessage } from '@/api/errors';
import type { AnnotationItem } from '@/api/generated/AnnotationItem';
import type { AnnotationPayload } from '@/api/generated/AnnotationPayload';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { createAnnotation, updateAnnotation } from './api';
import { FormAlert, FormField, FormHelp, FormLabel, FormRequired, FormRow, FormStack, FormTextArea, FormTextInput } from './annotationFormParts';
import { isoFromTimeInput, timeInputValue } from './annotationTimes';

export const endBeforeStartMessage = 'The end must not be before the start';
export const invalidJsonMessage = 'JSON metadata is not valid JSON';

/**
 * What keeps the annotation form from saving: null when it can, '' while a required field is
 * empty (the Add button stays disabled), or the message to show.
 */
export function annotationFormProblem(fields: { shortDescr: string; start: string; end: string; jsonMetadata: string }): string | null {
  const start = isoFromTimeInput(fields.start);
  const end = isoFromTimeInput(fields.end);
  if (fields.shortDescr.trim() === '' || start === null || end === null) return '';
  if (end < start) return endBeforeStartMessage;
  if (fields.jsonMetadata.trim() !== '') {
    try {
      JSON.parse(fields.jsonMetadata);
    } catch {
      return invalidJsonMessage;
    }
  }
  return null;
}

export interface AnnotationModalProps {
  layerId: number;
  /** The annotation to edit; null adds one. */
  annotation: AnnotationItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Superset's annotation form: a name (`short_descr`), the start and end (equal for an instant
 * event), a description (`long_descr`) and JSON metadata.
 */
export function AnnotationModal({ layerId, annotation, onClose, onSaved }: AnnotationModalProps): JSX.Element {
  const ids = { name: useId(), start: useId(), end: useId(), description: useId(), json: useId() };
  const [shortDescr, setShortDescr] = useState(annotation?.short_descr ?? '');
  const [start, setStart] = useState(timeInputValue(annotation?.start_dttm));
  const [end, setEnd] = useState(timeInputValue(annotation?.end_dttm));
  const [longDescr, setLongDescr] = useState(annotation?.long_descr ?? '');
  const [jsonMetadata, setJsonMetadata] = useState(annotation?.json_metadata ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = annotationFormProblem({ shortDescr, start, end, jsonMetadata });
  const canSave = problem === null && !isSaving;

  async function save(): Promise<void> {
    const startIso = isoFromTimeInput(start);
    const endIso = isoFromTimeInput(end);
    if (startIso === null || endIso === null) return;
    setIsSaving(true);
    setFailure(null);
    const payload: AnnotationPayload = {
      short_descr: shortDescr.trim(),
      long_descr: longDescr,
      start_dttm: startIso,
      end_dttm: endIso,
      json_metadata: jsonMetadata,
    };
    try {
      if (annotation === null) await createAnnotation(layerId, payload);
      else await updateAnnotation(layerId, annotation.id, payload);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
      setIsSaving(false);
    }
  }

  return (
    <Modal
      title={annotation === null ? 'Add annotation' : 'Edit annotation'}
      testId={testIds.annotationLayers.annotationModal}
      width={560}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button $variant="primary" disabled={!canSave} data-testid={testIds.annotationLayers.annotationModalSave} onClick={() => void save()}>
            {annotation === null ? 'Add' : 'Save'}
          </Button>
        </>
      }
    >
      <FormStack
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save();
        }}
      >
        {failure !== null && (
          <FormAlert role="alert" data-testid={testIds.annotationLayers.modalError}>
            {failure}
          </FormAlert>
        )}
        <FormField>
          <FormLabel htmlFor={ids.name}>
            Name <FormRequired aria-hidden>*</FormRequired>
          </FormLabel>
          <FormTextInput
            id={ids.name}
            value={shortDescr}
            required
            data-testid={testIds.annotationLayers.annotationName}
            onChange={(event) => setShortDescr(event.target.value)}
          />
        </FormField>
        <FormRow>
          <FormField>
            <FormLabel htmlFor={ids.start}>
              Start <FormRequired aria-hidden>*</FormRequired>
            </FormLabel>
            <FormTextInput
              id={ids.start}
              type="datetime-local"
              step={1}
              value={start}
              required
              data-testid={testIds.annotationLayers.annotationStart}
              onChange={(event) => {
                // An instant event ends when it starts: the end follows the start until it is set.
                if (end === '' || end === start) setEnd(event.target.value);
                setStart(event.target.value);
              }}
            />
          </FormField>
          <FormField>
            <FormLabel htmlFor={ids.end}>
              End <FormRequired aria-hidden>*</FormRequired>
            </FormLabel>
            <FormTextInput
              id={ids.end}
              type="datetime-local"
              step={1}
              value={end}
              required
              aria-invalid={problem === endBeforeStartMessage}
              data-testid={testIds.annotationLayers.annotationEnd}
              onChange={(event) => setEnd(event.target.value)}
            />
          </FormField>
        </FormRow>
        {problem === endBeforeStartMessage && <FormHelp role="alert">{problem}</FormHelp>}
        <FormField>
          <FormLabel htmlFor={ids.description}>Description</FormLabel>
          <FormTextArea
            id={ids.description}
            rows={3}
            value={longDescr}
            data-testid={testIds.annotationLayers.annotationDescription}
            onChange={(event) => setLongDescr(event.target.value)}
          />
        </FormField>
        <FormField>
          <FormLabel htmlFor={ids.json}>JSON metadata</FormLabel>
          <FormTextArea
            id={ids.json}
            rows={4}
            value={jsonMetadata}
            spellCheck={false}
            aria-invalid={problem === invalidJsonMessage}
            data-testid={testIds.annotationLayers.annotationJson}
            onChange={(event) => setJsonMetadata(event.target.value)}
          />
          {problem === invalidJsonMessage && <FormHelp role="alert">{problem}</FormHelp>}
        </FormField>
      </FormStack>
    </Modal>
  );
}
