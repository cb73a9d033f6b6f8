/** The viz types chosen last in the gallery, newest first, kept in local storage. */
export const recentVizTypesStorageKey = 'quiver:explore:recent-viz-types';
export const recentVizTypesLimit = 6;

export function readRecentVizTypes(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(recentVizTypesStorageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Moves `vizType` to the front of the recent list and returns the new list. */
export function recordRecentVizType(vizType: string): string[] {
  const recent = [vizType, ...readRecentVizTypes().filter((item) => item !== vizType)].slice(0, recentVizTypesLimit);
  try {
    window.localStorage.setItem(recentVizTypesStorageKey, JSON.stringify(recent));
  } catch {
    // Storage full or disabled: the list lives for this page only.
  }
  return recent;
}
