import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useAnnotationLayerChoices } from '@/features/annotationLayers/api';
import {
  FormCheckboxLabel,
  FormField,
  FormHelp,
  FormLabel,
  FormRequired,
  FormRow,
  FormSelect,
  FormStack,
  FormTextInput,
} from '@/features/annotationLayers/annotationFormParts';
import { annotationStyles, annotationTypes } from '@/features/chart/annotations/annotationLayerEntries';
import { testIds } from '@/testIds';
import {
  annotationOpacityChoices,
  annotationStyleLabels,
  annotationTypeLabels,
  draftFromEntry,
  draftProblems,
  entryFromDraft,
  lineSourceLabel,
  nameRequiredMessage,
  nativeSourceLabel,
  newAnnotationLayerDraft,
  withAnnotationType,
  type AnnotationLayerDraft,
  type EditableAnnotationType,
} from './annotationLayerDraft';
import { useLineChartChoices } from './useLineChartChoices';

/** The colour input's value while the colour is automatic. */
const automaticColorPreview = '#1FA8C9';

export interface AnnotationLayerEditorProps {
  /** The entry edited; null adds one. */
  entry: AnnotationLayerEntry | null;
  /** The names of the chart's other layers (a name is the layer's key in the chart data). */
  otherNames: readonly string[];
  onApply: (entry: AnnotationLayerEntry) => void;
  onRemove?: () => void;
  onClose: () => void;
}

/**
 * Adds or edits one annotation layer, as Superset's popover: the name, the type (formula, event,
 * interval or time series), the formula, the saved layer or the saved line chart, whether it shows and with which label, and the
 * line's style, colour, width and opacity.
 */
export function AnnotationLayerEditor({ entry, otherNames, onApply, onRemove, onClose }: AnnotationLayerEditorProps): JSX.Element {
  const ids = { name: useId(), type: useId(), source: useId(), layer: useId(), formula: useId(), style: useId(), opacity: useId(), width: useId(), color: useId() };
  const [draft, setDraft] = useState<AnnotationLayerDraft>(() => (entry === null ? newAnnotationLayerDraft() : draftFromEntry(entry)));
  const layerChoices = useAnnotationLayerChoices();
  const isFormula = draft.annotationType === annotationTypes.formula;
  const isTimeSeries = draft.annotationType === annotationTypes.timeSeries;
  const chartChoices = useLineChartChoices(isTimeSeries);
  const problems = draftProblems(draft, otherNames);
  // A new layer's empty name is not worth a message before anything is typed.
  const shownProblems = draft.name === '' && entry === null ? problems.filter((problem) => problem !== nameRequiredMessage) : problems;
  const update = (changes: Partial<AnnotationLayerDraft>): void => setDraft((current) => ({ ...current, ...changes }));

  function apply(): void {
    if (problems.length === 0) onApply(entryFromDraft(draft));
  }

  return (
    <Modal
      title={entry === null ? 'Add annotation layer' : `Edit annotation layer ${entry.name}`}
      testId={testIds.annotationLayers.editor}
      width={600}
      onClose={onClose}
      footer={
        <>
          {onRemove !== undefined && (
            <RemoveButton data-testid={testIds.annotationLayers.editorRemove} onClick={onRemove}>
              Remove
            </RemoveButton>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button $variant="primary" disabled={problems.length > 0} data-testid={testIds.annotationLayers.editorApply} onClick={apply}>
            OK
          </Button>
        </>
      }
    >
      <FormStack
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <FormRow>
          <FormField>
            <FormLabel htmlFor={ids.name}>
              Name <FormRequired aria-hidden>*</FormRequired>
            </FormLabel>
            <FormTextInput id={ids.name} value={draft.name} data-testid={testIds.annotationLayers.editorName} onChange={(event) => update({ name: event.target.value })} />
          </FormField>
          <FormField>
            <FormLabel htmlFor={ids.type}>Annotation layer type</FormLabel>
            <FormSelect
              id={ids.type}
              value={draft.annotationType}
              data-testid={testIds.annotationLayers.editorType}
              onChange={(event) => setDraft((current) => withAnnotationType(current, event.target.value as EditableAnnotationType))}
            >
              {Object.entries(annotationTypeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FormSelect>
          </FormField>
        </FormRow>
        {isFormula ? (
          <FormField>
            <FormLabel htmlFor={ids.formula}>
              Formula <FormRequired aria-hidden>*</FormRequired>
            </FormLabel>
            <FormTextInput
              id={ids.formula}
              value={draft.value}
              spellCheck={false}
              placeholder="2x + 5"
              data-testid={testIds.annotationLayers.editorFormula}
              onChange={(event) => update({ value: event.target.value })}
            />
            <FormHelp>
              Expects a formula with depending time parameter x in milliseconds since epoch. Example: 2x + 5. Functions such as sin, log, sqrt, min and max,
              and the constants pi and e are available.
            </FormHelp>
          </FormField>
        ) : isTimeSeries ? (
          <FormRow>
            <FormField>
              <FormLabel htmlFor={ids.source}>Annotation source</FormLabel>
              <FormSelect id={ids.source} value="line" disabled>
                <option value="line">{lineSourceLabel}</option>
              </FormSelect>
            </FormField>
            <FormField>
              <FormLabel htmlFor={ids.layer}>
                Chart <FormRequired aria-hidden>*</FormRequired>
              </FormLabel>
              <FormSelect id={ids.layer} value={draft.value} data-testid={testIds.annotationLayers.editorChart} onChange={(event) => update({ value: event.target.value })}>
                <option value="">{chartChoices.isPending ? 'Loading…' : 'Choose a chart'}</option>
                {(chartChoices.data ?? []).map((chart) => (
                  <option key={chart.id} value={String(chart.id)}>
                    {chart.slice_name}
                  </option>
                ))}
              </FormSelect>
              {chartChoices.isError && <FormHelp role="alert">{chartChoices.error.message}</FormHelp>}
            </FormField>
          </FormRow>
        ) : (
          <FormRow>
            <FormField>
              <FormLabel htmlFor={ids.source}>Annotation source</FormLabel>
              <FormSelect id={ids.source} value="NATIVE" disabled>
                <option value="NATIVE">{nativeSourceLabel}</option>
              </FormSelect>
            </FormField>
            <FormField>
              <FormLabel htmlFor={ids.layer}>
                Annotation layer <FormRequired aria-hidden>*</FormRequired>
              </FormLabel>
              <FormSelect id={ids.layer} value={draft.value} data-testid={testIds.annotationLayers.editorLayer} onChange={(event) => update({ value: event.target.value })}>
                <option value="">{layerChoices.isPending ? 'Loading…' : 'Choose a layer'}</option>
                {(layerChoices.data ?? []).map((layer) => (
                  <option key={layer.id} value={String(layer.id)}>
                    {layer.name}
                  </option>
                ))}
              </FormSelect>
              {layerChoices.isError && <FormHelp role="alert">{layerChoices.error.message}</FormHelp>}
            </FormField>
          </FormRow>
        )}
        <FormRow>
          <FormCheckboxLabel>
            <input type="checkbox" checked={!draft.show} data-testid={testIds.annotationLayers.editorShow} onChange={(event) => update({ show: !event.target.checked })} />
            Hide layer
          </FormCheckboxLabel>
          <FormCheckboxLabel>
            <input type="checkbox" checked={draft.showLabel} data-testid={testIds.annotationLayers.editorShowLabel} onChange={(event) => update({ showLabel: event.target.checked })} />
            Show label
          </FormCheckboxLabel>
          {isTimeSeries && (
            <FormCheckboxLabel>
              <input
                type="checkbox"
                checked={draft.showMarkers}
                data-testid={testIds.annotationLayers.editorShowMarkers}
                onChange={(event) => update({ showMarkers: event.target.checked })}
              />
              Show markers
            </FormCheckboxLabel>
          )}
        </FormRow>
        <SectionTitle>Display configuration</SectionTitle>
        <FormRow>
          <FormField>
            <FormLabel htmlFor={ids.style}>Style</FormLabel>
            <FormSelect
              id={ids.style}
              value={draft.style}
              data-testid={testIds.annotationLayers.editorStyle}
              onChange={(event) => update({ style: annotationStyles.find((style) => style === event.target.value) ?? 'solid' })}
            >
              {annotationStyles.map((style) => (
                <option key={style} value={style}>
                  {annotationStyleLabels[style]}
                </option>
              ))}
            </FormSelect>
          </FormField>
          <FormField>
            <FormLabel htmlFor={ids.opacity}>Opacity</FormLabel>
            <FormSelect id={ids.opacity} value={draft.opacity} data-testid={testIds.annotationLayers.editorOpacity} onChange={(event) => update({ opacity: event.target.value })}>
              {annotationOpacityChoices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FormSelect>
          </FormField>
          <FormField>
            <FormLabel htmlFor={ids.width}>Line width</FormLabel>
            <FormTextInput
              id={ids.width}
              type="number"
              min={1}
              max={10}
              value={draft.width}
              data-testid={testIds.annotationLayers.editorWidth}
              onChange={(event) => {
                const width = Number(event.target.value);
                if (Number.isFinite(width) && width > 0) update({ width });
              }}
            />
          </FormField>
        </FormRow>
        <FormRow>
          <FormField>
            <FormLabel htmlFor={ids.color}>Color</FormLabel>
            <ColorRow>
              <input
                id={ids.color}
                type="color"
                value={draft.color ?? automaticColorPreview}
                disabled={draft.color === null}
                data-testid={testIds.annotationLayers.editorColor}
                onChange={(event) => update({ color: event.target.value })}
              />
              <FormCheckboxLabel>
                <input
                  type="checkbox"
                  checked={draft.color === null}
                  data-testid={testIds.annotationLayers.editorAutomaticColor}
                  onChange={(event) => update({ color: event.target.checked ? null : automaticColorPreview })}
                />
                Automatic color
              </FormCheckboxLabel>
            </ColorRow>
          </FormField>
        </FormRow>
        {shownProblems.length > 0 && (
          <FormHelp role="alert" data-testid={testIds.annotationLayers.editorProblem}>
            {shownProblems.join('. ')}
          </FormHelp>
        )}
      </FormStack>
    </Modal>
  );
}

const SectionTitle = styled.h4`
  margin: ${({ theme }) => theme.gridUnit}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const ColorRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;

const RemoveButton = styled(Button)`
  margin-right: auto;
  color: ${({ theme }) => theme.colors.error.base};
`;
