import { describe, expect, it } from 'vitest';
import { maxSuggestionDistance, parameterSuggestions, templateParameterNames } from './parameterError';

describe('parameterSuggestions', () => {
  it('suggests the given parameters within edit distance 2 of an undefined one', () => {
    expect(maxSuggestionDistance).toBe(2);
    expect(parameterSuggestions(['stat'], { state: 'CA' })).toEqual(['Did you mean: "state" instead of "stat"?']);
    // Distance 2 still counts.
    expect(parameterSuggestions(['stt'], { state_x: 1, state: 'CA' })).toEqual(['Did you mean: "state" instead of "stt"?']);
  });

  it('suggests nothing beyond distance 2', () => {
    expect(parameterSuggestions(['minimum'], { state: 'CA' })).toEqual([]);
    // "sta" is 3 edits away from "state_": no suggestion.
    expect(parameterSuggestions(['sta'], { state_: 'CA' })).toEqual([]);
    expect(parameterSuggestions(['stat'], undefined)).toEqual([]);
    expect(parameterSuggestions(['stat'], ['state'])).toEqual([]);
  });

  it('lists several suggestions as "a", "b" or "c", one line per undefined parameter', () => {
    expect(parameterSuggestions(['nam', 'minimum', 'stat'], { name: 1, nim: 2, na: 3, state: 'CA', stay: 0 })).toEqual([
      'Did you mean: "name", "nim" or "na" instead of "nam"?',
      'Did you mean: "state" or "stay" instead of "stat"?',
    ]);
  });

  it('reads the names of an object only', () => {
    expect(templateParameterNames({ a: 1, b: null })).toEqual(['a', 'b']);
    expect(templateParameterNames(null)).toEqual([]);
    expect(templateParameterNames('text')).toEqual([]);
  });
});
