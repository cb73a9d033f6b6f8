import type { Dataset } from '@/api/generated/Dataset';
import type { QuiverCore } from '@/wasm/core';
import { defaultTemporalColumn, type ExploreFormData } from './exploreFormData';

/**
 * The form data switched to `vizType`: quiver-core carries the compatible controls over and
 * fills the new chart's defaults; a chart with an empty x-axis then starts on the dataset's
 * temporal column, which only the client knows.
 */
export function switchVizType(
  core: Pick<QuiverCore, 'carryOverFormData' | 'controlPanel'>,
  formData: ExploreFormData,
  vizType: string,
  dataset: Dataset,
): ExploreFormData {
  const switched = core.carryOverFormData(formData, vizType);
  const hasXAxis = core.controlPanel(vizType).sections.some((section) => section.controls.some((control) => control.name === 'x_axis'));
  const temporalColumn = defaultTemporalColumn(dataset);
  const isXAxisEmpty = switched.x_axis === undefined || switched.x_axis === null || switched.x_axis === '';
  if (hasXAxis && isXAxisEmpty && temporalColumn !== null) return { ...switched, x_axis: temporalColumn };
  return switched;
}
