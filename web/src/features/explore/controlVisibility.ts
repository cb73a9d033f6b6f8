import type { ControlDefinition, ControlVisibility } from '@/wasm/controlPanel';
import type { ExploreFormData } from './exploreFormData';

/** JavaScript's `Boolean(value)` with `[]` also unset, as quiver-core's `Visibility::is_met` reads it. */
function isControlSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function holdsOneOf(value: unknown, values: readonly unknown[]): boolean {
  const valueJson = JSON.stringify(value ?? null);
  return value !== undefined && values.some((candidate) => JSON.stringify(candidate) === valueJson);
}

/**
 * Whether a visibility condition holds for the form data. Mirrors `Visibility::is_met` in
 * core-wasm/src/controls/model.rs (the core exports no per-control check). Example:
 * `{when: "isSet", control: "donut"}` hides "Inner Radius" until Donut is checked.
 */
export function isVisibilityMet(visibility: ControlVisibility, formData: ExploreFormData): boolean {
  switch (visibility.when) {
    case 'isSet':
      return isControlSet(formData[visibility.control]);
    case 'isNotSet':
      return !isControlSet(formData[visibility.control]);
    case 'isOneOf':
      return holdsOneOf(formData[visibility.control], visibility.values);
    case 'isNoneOf':
      return !holdsOneOf(formData[visibility.control], visibility.values);
    case 'all':
      return visibility.conditions.every((condition) => isVisibilityMet(condition, formData));
  }
}

export function isControlVisible(control: ControlDefinition, formData: ExploreFormData): boolean {
  return control.visibility === undefined || isVisibilityMet(control.visibility, formData);
}
