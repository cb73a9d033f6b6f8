/** Spec 000 section 9: the select control's constants, as Superset names them. */

/** Options are loaded (and rendered) 100 at a time. */
export const selectPageSize = 100;

/** A multiple select shows at most this many tags, then "+ N ...". */
export const maxVisibleTags = 4;

/** The fast debounce: a search filtered in the browser. */
export const fastSearchDebounceMs = 250;

/** The slow debounce: a search the server answers. */
export const slowSearchDebounceMs = 500;

/** The label of the option-list button that chooses every shown option. */
export const selectAllLabel = 'Select All';

/** The label of the option-list button that clears the values. */
export const deselectAllLabel = 'Deselect All';

/**
 * A list of more than this many options is virtual: only the options in view (and a few around
 * them) are in the page, spacers stand for the rest (Superset's `VIRTUAL_THRESHOLD`, the
 * spec's dropdown threshold of 20 items).
 */
export const virtualListThreshold = 20;

/** The height (px) of one option of a virtual list. */
export const virtualOptionHeight = 32;
