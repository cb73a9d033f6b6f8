import { describe, expect, it } from 'vitest';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import {
  chartRequiredMessage,
  draftFromEntry,
  draftProblems,
  duplicateNameMessage,
  entryFromDraft,
  formulaRequiredMessage,
  layerRequiredMessage,
  nameRequiredMessage,
  newAnnotationLayerDraft,
  withAnnotationLayer,
  withAnnotationType,
  withoutAnnotationLayer,
} from './annotationLayerDraft';

describe('time series drafts', () => {
  it("saves a saved line chart's time series with source 'line', the chart id and its markers", () => {
    const chosen = { ...withAnnotationType({ ...newAnnotationLayerDraft(), name: 'Births', value: '2x' }, 'TIME_SERIES'), showMarkers: true };
    expect(chosen.value).toBe('');
    expect(draftProblems(chosen, [])).toEqual([chartRequiredMessage]);
    const entry = entryFromDraft({ ...chosen, value: '12' });
    expect(entry).toMatchObject({ name: 'Births', annotationType: 'TIME_SERIES', sourceType: 'line', value: 12, showMarkers: true });
    expect(draftFromEntry(entry)).toMatchObject({ annotationType: 'TIME_SERIES', value: '12', showMarkers: true });
    // A chart id is not a layer id: switching to an event starts over.
    expect(withAnnotationType({ ...chosen, value: '12' }, 'EVENT').value).toBe('');
  });
});

describe('annotation layer drafts', () => {
  it("encodes a new formula with Superset's keys and defaults", () => {
    const draft = { ...newAnnotationLayerDraft(), name: ' Trend ', value: ' 2x + 5 ' };
    expect(entryFromDraft(draft)).toEqual({
      name: 'Trend',
      annotationType: 'FORMULA',
      sourceType: '',
      color: null,
      opacity: '',
      style: 'solid',
      width: 1,
      showMarkers: false,
      hideLine: false,
      value: '2x + 5',
      overrides: {},
      show: true,
      showLabel: false,
      titleColumn: '',
      descriptionColumns: [],
      timeColumn: '',
      intervalEndColumn: '',
    });
  });

  it('encodes an event of a saved layer as NATIVE with the layer id as a number', () => {
    const draft = { ...withAnnotationType({ ...newAnnotationLayerDraft(), name: 'Releases', value: '2x' }, 'EVENT'), value: '7', color: '#ff0000', style: 'dashed' as const, width: 2, showLabel: true };
    expect(draft.value).toBe('7');
    const entry = entryFromDraft(draft);
    expect(entry).toMatchObject({ name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, color: '#ff0000', style: 'dashed', width: 2, showLabel: true });
  });

  it('starts the value over when the type changes between a formula and a layer, and keeps it between event and interval', () => {
    const formula = { ...newAnnotationLayerDraft(), value: '2x' };
    expect(withAnnotationType(formula, 'INTERVAL').value).toBe('');
    const event = { ...withAnnotationType(formula, 'EVENT'), value: '3' };
    expect(withAnnotationType(event, 'INTERVAL').value).toBe('3');
  });

  it('round-trips an entry, keeping the keys the form does not edit', () => {
    const saved: AnnotationLayerEntry = {
      name: 'Outages',
      annotationType: 'INTERVAL',
      sourceType: 'NATIVE',
      value: 4,
      show: false,
      showLabel: true,
      color: null,
      opacity: 'opacityHigh',
      style: 'dotted',
      width: 3,
      overrides: { time_range: null },
      showMarkers: true,
      hideLine: false,
      titleColumn: '',
      descriptionColumns: [],
      timeColumn: '',
      intervalEndColumn: '',
    };
    const draft = draftFromEntry(saved);
    expect(draft).toMatchObject({ value: '4', show: false, opacity: 'opacityHigh', style: 'dotted', width: 3 });
    expect(entryFromDraft(draft)).toEqual(saved);
  });

  it('says what keeps the form from saving', () => {
    const draft = newAnnotationLayerDraft();
    expect(draftProblems(draft, [])).toEqual([nameRequiredMessage, formulaRequiredMessage]);
    expect(draftProblems({ ...draft, name: 'Trend', value: '2 * (x' }, [])).toEqual(['Expected ")" but found the end of the formula']);
    expect(draftProblems({ ...draft, name: 'Trend', value: '2x' }, ['Trend'])).toEqual([duplicateNameMessage]);
    expect(draftProblems({ ...withAnnotationType({ ...draft, name: 'Releases' }, 'EVENT') }, [])).toEqual([layerRequiredMessage]);
    expect(draftProblems({ ...withAnnotationType({ ...draft, name: 'Releases' }, 'EVENT'), value: '7' }, [])).toEqual([]);
  });

  it('replaces the edited layer in place, adds a new one last and removes by position', () => {
    const first = { name: 'A' };
    const second = { name: 'B' };
    const entry = entryFromDraft({ ...newAnnotationLayerDraft(), name: 'C', value: 'x' });
    expect(withAnnotationLayer([first, second], 0, entry)).toEqual([entry, second]);
    expect(withAnnotationLayer([first, second], null, entry)).toEqual([first, second, entry]);
    expect(withoutAnnotationLayer([first, second], 0)).toEqual([second]);
  });
});
