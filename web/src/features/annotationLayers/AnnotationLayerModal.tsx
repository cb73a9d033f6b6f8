import { useId, useState, type JSX } from 'react';
import { errorMessage } from '@/api/errors';
import type { AnnotationLayerItem } from '@/api/generated/AnnotationLayerItem';
import { Button } from '@/components/Button';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { createAnnotationLayer, updateAnnotationLayer } from './api';
import { FormAlert, FormField, FormLabel, FormRequired, FormStack, FormTextArea, FormTextInput } from './annotationFormParts';

export interface AnnotationLayerModalProps {
  /** The layer to edit; null adds one. */
  layer: AnnotationLayerItem | null;
  onClose: () => void;
  /** After the save, with the layer's id. */
  onSaved: (layerId: number) => void;
}

/** Superset's "Add annotation layer" / "Edit annotation layer": a name and a description. */
export function AnnotationLayerModal({ layer, onClose, onSaved }: AnnotationLayerModalProps): JSX.Element {
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState(layer?.name ?? '');
  const [description, setDescription] = useState(layer?.descr ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canSave = name.trim() !== '' && !isSaving;

  async function save(): Promise<void> {
    setIsSaving(true);
    setFailure(null);
    const payload = { name: name.trim(), descr: description };
    try {
      const saved = layer === null ? await createAnnotationLayer(payload) : await updateAnnotationLayer(layer.id, payload);
      onSaved(saved.id);
    } catch (error) {
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s".
      setFailure(layer === null ? createFailedMessage('annotation layers', errorMessage(error)) : errorMessage(error));
      setIsSaving(false);
    }
  }

  return (
    <Modal
      title={layer === null ? 'Add annotation layer' : 'Edit annotation layer'}
      testId={testIds.annotationLayers.layerModal}
      width={520}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button $variant="primary" disabled={!canSave} data-testid={testIds.annotationLayers.layerModalSave} onClick={() => void save()}>
            {layer === null ? 'Add' : 'Save'}
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
            Annotation layer name <FormRequired aria-hidden>*</FormRequired>
          </FormLabel>
          <FormTextInput id={ids.name} value={name} required data-testid={testIds.annotationLayers.layerName} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField>
          <FormLabel htmlFor={ids.description}>Description</FormLabel>
          <FormTextArea
            id={ids.description}
            rows={3}
            value={description}
            data-testid={testIds.annotationLayers.layerDescription}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
      </FormStack>
    </Modal>
  );
}
