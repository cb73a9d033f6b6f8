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
