import { useEffect, useId, useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { ObjectToTag } from '@/api/generated/ObjectToTag';
import type { TaggedObject } from '@/api/generated/TaggedObject';
import type { TagListItem } from '@/api/generated/TagListItem';
import { AsyncSelect } from '@/components/AsyncSelect';
import { Button } from '@/components/Button';
import { FormError, FormField, FormStack, TextInput } from '@/components/formFields';
import { createFailedMessage, infoFetchFailedMessage } from '@/components/listView/resourceMessages';
import { Modal } from '@/components/Modal';
import type { SelectOption } from '@/components/Select';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import {
  createTag,
  tagCreatedMessage,
  tagFormObjectSources,
  tagFormOptionsFetcher,
  tagResourceLabel,
  tagsPlural,
  tagUpdatedMessage,
  updateTag,
  useTaggedObjects,
  type TagFormObjectSource,
} from './api';

type PickedType = TagFormObjectSource['objectType'];

/** The chosen object ids per select, as the selects hold them (strings). */
type PickedObjects = Record<PickedType, string[]>;

const pickedTypes: readonly PickedType[] = tagFormObjectSources.map((source) => source.objectType);

function isPickedType(type: string): type is PickedType {
  return (pickedTypes as readonly string[]).includes(type);
}

const selectTestIds: Record<PickedType, string> = {
  dashboard: testIds.tags.modalDashboards,
  chart: testIds.tags.modalCharts,
  query: testIds.tags.modalQueries,
};

export interface TagModalProps {
  /** The tag to edit; null creates one. */
  tag: TagListItem | null;
  onClose: () => void;
  /** After a successful save (the toast is shown). */
  onSaved: () => void;
}

/**
 * Superset 6's TagModal on `/superset/tags/`: "Create Tag" or "Edit Tag" with the tag's name, its
 * description and the dashboards, charts and saved queries it is on. Editing first loads the
 * tag's objects (`GET /api/v1/tag/get_objects/?tagIds=`).
 */
export function TagModal({ tag, onClose, onSaved }: TagModalProps): JSX.Element {
  const objects = useTaggedObjects(tag?.id ?? null);
  const { addToast } = useToasts();
  const loadFailure = tag !== null && objects.isError ? infoFetchFailedMessage(tagResourceLabel, errorMessage(objects.error)) : null;

  useEffect(() => {
    if (loadFailure !== null) addToast('danger', loadFailure);
  }, [loadFailure, addToast]);

  const title = tag === null ? 'Create Tag' : 'Edit Tag';
  if (tag !== null && (objects.data === undefined || objects.isFetching || objects.isError)) {
    return (
      <Modal title={title} testId={testIds.tags.modal} onClose={onClose}>
        {loadFailure !== null ? (
          <FormError role="alert" data-testid={testIds.tags.modalError}>
            {loadFailure}
          </FormError>
        ) : (
          'Loading...'
        )}
      </Modal>
    );
  }
  return <TagForm tag={tag} initialObjects={tag === null ? [] : (objects.data ?? [])} onClose={onClose} onSaved={onSaved} />;
}

function TagForm({ tag, initialObjects, onClose, onSaved }: { tag: TagListItem | null; initialObjects: readonly TaggedObject[] } & Omit<TagModalProps, 'tag'>): JSX.Element {
  const { addToast } = useToasts();
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState(tag?.name ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [picked, setPicked] = useState<PickedObjects>(() => ({
    dashboard: initialObjects.filter((object) => object.type === 'dashboard').map((object) => String(object.id)),
    chart: initialObjects.filter((object) => object.type === 'chart').map((object) => String(object.id)),
    query: initialObjects.filter((object) => object.type === 'query').map((object) => String(object.id)),
  }));
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canSave = name.trim() !== '' && !isSaving;

  // The tag's objects the form has no select for (datasets) stay tagged: an update replaces them all.
  const keptObjects = useMemo<ObjectToTag[]>(
    () => initialObjects.filter((object) => !isPickedType(object.type)).map((object): ObjectToTag => [object.type, object.id]),
    [initialObjects],
  );
  // The saved objects name their chips before a select loads its options.
  const knownOptions = useMemo<Record<PickedType, SelectOption[]>>(() => {
    const known: Record<PickedType, SelectOption[]> = { dashboard: [], chart: [], query: [] };
    for (const object of initialObjects) {
      if (isPickedType(object.type)) known[object.type].push({ value: String(object.id), label: object.name });
    }
    return known;
  }, [initialObjects]);

  async function save(): Promise<void> {
    setIsSaving(true);
    setFailure(null);
    const objectsToTag: ObjectToTag[] = [...pickedTypes.flatMap((type) => picked[type].map((id): ObjectToTag => [type, Number(id)])), ...keptObjects];
    const payload = { name: name.trim(), description, objects_to_tag: objectsToTag };
    try {
      if (tag === null) await createTag(payload);
      else await updateTag(tag.id, payload);
      addToast('success', tag === null ? tagCreatedMessage : tagUpdatedMessage);
      onSaved();
    } catch (error) {
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s"; a
      // failed update shows the server's message as it is.
      setFailure(tag === null ? createFailedMessage(tagsPlural, errorMessage(error)) : errorMessage(error));
      setIsSaving(false);
    }
  }

  return (
    <Modal
      title={tag === null ? 'Create Tag' : 'Edit Tag'}
      testId={testIds.tags.modal}
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            $variant="primary"
            disabled={!canSave}
            title={name.trim() === '' ? 'Please enter a tag name' : undefined}
            data-testid={testIds.tags.modalSave}
            onClick={() => void save()}
          >
            Save
          </Button>
        </>
      }
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save();
        }}
      >
        <FormStack>
          {failure !== null && (
            <FormError role="alert" data-testid={testIds.tags.modalError}>
              {failure}
            </FormError>
          )}
          <FormField htmlFor={ids.name}>
            <span>
              Tag name <Required aria-hidden>*</Required>
            </span>
            <TextInput id={ids.name} required placeholder="Name of your tag" value={name} data-testid={testIds.tags.modalName} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField htmlFor={ids.description}>
            Description
            <TextInput
              id={ids.description}
              placeholder="Add description of your tag"
              value={description}
              data-testid={testIds.tags.modalDescription}
              onChange={(event) => setDescription(event.target.value)}
            />
          </FormField>
          {tagFormObjectSources.map((source) => (
            <SelectField key={source.objectType}>
              <FieldTitle>{source.label}</FieldTitle>
              <AsyncSelect
                mode="multiple"
                ariaLabel={source.label}
                placeholder={source.label}
                testId={selectTestIds[source.objectType]}
                queryKey={['tagForm', source.resource]}
                fetchPage={tagFormOptionsFetcher(source)}
                knownOptions={knownOptions[source.objectType]}
                value={picked[source.objectType]}
                onChange={(values) => setPicked((current) => ({ ...current, [source.objectType]: values }))}
              />
            </SelectField>
          ))}
        </FormStack>
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  margin: 0;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;

/** A select's field: a div, since the select's own list must not sit inside a label. */
const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const FieldTitle = styled.span`
  font-weight: 600;
`;
