/**
 * Spec 000 section 8, "Resource messages": what the list pages say when a generic resource call
 * fails. The `%s` of each text is filled in order; the error part is the failed call's message.
 */

/** "An error occurred while fetching %s info: %s" (`GET /api/v1/{resource}/_info`). */
export function infoFetchFailedMessage(resourceLabel: string, error: string): string {
  return `An error occurred while fetching ${resourceLabel} info: ${error}`;
}

/**
 * "An error occurred while fetching %ss: %s" (the list call). `resourcePlural` is the label with
 * its "s" ("charts"), or the plural a label takes otherwise ("saved queries").
 */
export function listFetchFailedMessage(resourcePlural: string, error: string): string {
  return `An error occurred while fetching ${resourcePlural}: ${error}`;
}

/** "An error occurred while creating %ss: %s". */
export function createFailedMessage(resourcePlural: string, error: string): string {
  return `An error occurred while creating ${resourcePlural}: ${error}`;
}

/** "There was an error fetching the favorite status: %s". */
export function favoriteStatusFetchFailedMessage(error: string): string {
  return `There was an error fetching the favorite status: ${error}`;
}

/** "There was an error saving the favorite status: %s". */
export function favoriteStatusSaveFailedMessage(error: string): string {
  return `There was an error saving the favorite status: ${error}`;
}

/** Spec 001 section 8: "Deleted: {title}", after one row is deleted. */
export function deletedMessage(title: string): string {
  return `Deleted: ${title}`;
}

/** Spec 001 section 8: "There was an issue deleting: {title}" (charts and datasets). */
export function deleteFailedMessage(title: string): string {
  return `There was an issue deleting: ${title}`;
}

/** Spec 001 section 8: "There was an issue deleting {title}: {error}" (dashboards, saved queries). */
export function deleteFailedWithErrorMessage(title: string, error: string): string {
  return `There was an issue deleting ${title}: ${error}`;
}
