import { loadQuiverCore } from './core';

/**
 * quiver-core's list filter configuration check (core-wasm `list_filter_config`, spec 000 §5):
 * every filter of a list page filters one of its columns. Gives the core's message, "Invalid
 * filter config, {id} is not present in columns", or null when every filter names a column.
 */
export async function listFilterConfigError(filterIds: readonly string[], columnIds: readonly string[]): Promise<string | null> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  try {
    corePackage.checkListFilterConfig([...filterIds], [...columnIds]);
    return null;
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidListFilterConfig') return error.message;
    throw error;
  }
}
