import type { FilterBarOrientation } from '@/api/generated/FilterBarOrientation';
import { parseJsonMetadata } from './nativeFilterConfig';

/** The settings menu's orientation group and its choices, with Superset's words. */
export const orientationGroupLabel = 'Orientation of filter bar';
export const verticalOrientationLabel = 'Vertical (Left)';
export const horizontalOrientationLabel = 'Horizontal (Top)';

/** `json_metadata.filter_bar_orientation`; vertical when absent or unknown. */
export function readFilterBarOrientation(jsonMetadata: string | null): FilterBarOrientation {
  return parseJsonMetadata(jsonMetadata).filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL';
}

/** `json_metadata` with `filter_bar_orientation` set, every other key kept. */
export function withFilterBarOrientation(jsonMetadata: string | null, orientation: FilterBarOrientation): string {
  return JSON.stringify({ ...parseJsonMetadata(jsonMetadata), filter_bar_orientation: orientation });
}
