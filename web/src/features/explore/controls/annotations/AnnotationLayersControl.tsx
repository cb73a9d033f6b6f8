import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import { Button } from '@/components/Button';
import { readAnnotationLayerEntry } from '@/features/chart/annotations/annotationLayerEntries';
import { testIds } from '@/testIds';
import { AnnotationLayerEditor } from './AnnotationLayerEditor';
import { annotationTypeLabels, withAnnotationLayer, withoutAnnotationLayer } from './annotationLayerDraft';

export interface AnnotationLayersControlProps {
  /** The form data's `annotation_layers`, as saved. */
  value: readonly unknown[];
  onChange: (layers: unknown[]) => void;
}

function typeLabel(entry: AnnotationLayerEntry): string {
  return Object.hasOwn(annotationTypeLabels, entry.annotationType) ? annotationTypeLabels[entry.annotationType as keyof typeof annotationTypeLabels] : entry.annotationType;
}

/** "Annotation Layers": the chart's layers, each opening its editor, and "+ Add annotation layer". */
export function AnnotationLayersControl({ value, onChange }: AnnotationLayersControlProps): JSX.Element {
  // The editor: closed, a new layer ('new') or the index of the layer edited.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const entries = value.map(readAnnotationLayerEntry);
  const editedIndex = typeof editing === 'number' ? editing : null;
  const editedEntry = editedIndex === null ? null : (entries[editedIndex] ?? null);
  const otherNames = entries.flatMap((entry, index) => (entry === null || index === editedIndex ? [] : [entry.name]));

  return (
    <Root data-testid={testIds.annotationLayers.control}>
      {entries.map((entry, index) =>
        entry === null ? null : (
          <LayerButton
            // Names are unique among a chart's layers.
            key={entry.name}
            type="button"
            data-testid={testIds.annotationLayers.controlItem}
            data-layer={entry.name}
            $isHidden={!entry.show}
            title={entry.show ? undefined : 'Hidden'}
            onClick={() => setEditing(index)}
          >
            <span>{entry.name}</span>
            <TypeBadge>{typeLabel(entry)}</TypeBadge>
          </LayerButton>
        ),
      )}
      <AddButton $variant="link" data-testid={testIds.annotationLayers.addButton} onClick={() => setEditing('new')}>
        + Add annotation layer
      </AddButton>
      {editing !== null && (
        <AnnotationLayerEditor
          key={String(editing)}
          entry={editedEntry}
          otherNames={otherNames}
          onClose={() => setEditing(null)}
          onApply={(entry) => {
            onChange(withAnnotationLayer(value, editedIndex, entry));
            setEditing(null);
          }}
          onRemove={
            editedIndex === null
              ? undefined
              : () => {
                  onChange(withoutAnnotationLayer(value, editedIndex));
                  setEditing(null);
                }
          }
        />
      )}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const LayerButton = styled.button<{ $isHidden: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme, $isHidden }) => ($isHidden ? theme.colors.textMuted : theme.colors.text)};
  text-align: left;
  text-decoration: ${({ $isHidden }) => ($isHidden ? 'line-through' : 'none')};
  cursor: pointer;
`;

const TypeBadge = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const AddButton = styled(Button)`
  align-self: flex-start;
`;
