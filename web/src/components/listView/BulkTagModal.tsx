import { useQueryClient } from '@tanstack/react-query';
import { useState, type JSX } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { useToasts } from '@/components/toastContext';
import { bulkTag, bulkTagFailedMessage, skippedMessage, taggedMessage, useTagNames, type TaggableResource } from '@/features/tags/api';
import { testIds } from '@/testIds';

export interface BulkTagModalProps {
  resourceName: TaggableResource;
  /** The ids of the selected rows. */
  selectedIds: readonly number[];
  onClose: () => void;
  /** After a successful save (the list reloads its rows' tags). */
  onTagged: () => void;
}

/** The "Bulk tag" dialog: a tag multi-select (existing tags or new names), Cancel and Save. */
export function BulkTagModal({ resourceName, selectedIds, onClose, onTagged }: BulkTagModalProps): JSX.Element {
  const tagNames = useTagNames();
  const [tags, setTags] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const { addToast } = useToasts();
  const queryClient = useQueryClient();

  const save = async (): Promise<void> => {
    setIsSaving(true);
    try {
      const result = await bulkTag(resourceName, selectedIds, tags);
      addToast('success', taggedMessage(result.objects_tagged.length, resourceName));
      if (result.objects_skipped.length > 0) addToast('warning', skippedMessage(result.objects_skipped.length));
      // New tags join the tag selects.
      void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('tag') });
      onTagged();
      onClose();
    } catch {
      addToast('danger', bulkTagFailedMessage);
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title="Bulk tag"
      testId={testIds.tags.bulkModal}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button $variant="primary" disabled={tags.length === 0 || isSaving} data-testid={testIds.tags.bulkSave} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <p>{`Tag the ${selectedIds.length} selected ${resourceName}s`}</p>
      <Select
        mode="multiple"
        ariaLabel="Select Tags"
        placeholder="Select Tags"
        testId={testIds.tags.bulkSelect}
        options={(tagNames.data ?? []).map((name) => ({ value: name, label: name }))}
        value={tags}
        onChange={setTags}
        allowsNewOptions
      />
    </Modal>
  );
}
