/**
 * The database picker's rules (spec 001 sections 2 and 4, Superset's DatabaseSelector): a new
 * database clears the catalog and schema, a new catalog clears the schema; a list of one is
 * picked for the user, and a current value the list lacks is cleared.
 */
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';

/** What the picker has chosen. */
export interface PickerSelection {
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
}

/** Spec 001 section 8's toasts of the picker. */
export const pickerMessages = {
  schemasFailed: 'There was an error loading the schemas',
  catalogsFailed: 'There was an error loading the catalogs',
} as const;

/** Spec 001 section 2's tooltips of the refresh buttons. */
export const pickerTooltips = {
  refreshCatalogs: 'Force refresh catalog list',
  refreshSchemas: 'Force refresh schema list',
} as const;

/** The catalog select is shown only for a database that allows several catalogs. */
export function showsCatalogSelect(database: Pick<DatabaseListItem, 'allow_multi_catalog'> | null | undefined): boolean {
  return database?.allow_multi_catalog === true;
}

/** Picking a database clears the catalog and the schema. */
export function selectDatabase(dbId: number | null): PickerSelection {
  return { dbId, catalog: null, schema: null };
}

/** Picking a catalog clears the schema. */
export function selectCatalog(catalog: string | null): Pick<PickerSelection, 'catalog' | 'schema'> {
  return { catalog, schema: null };
}

/**
 * The value to hold once a list arrives: its only entry when it has one, the current value when
 * the list has it, else nothing. `['main']` with `null` gives `'main'`; `['a', 'b']` with `'c'`
 * gives `null`; `['a', 'b']` with `'b'` keeps `'b'`.
 */
export function valueForList(options: readonly string[], current: string | null): string | null {
  if (options.length === 1) return options[0] ?? null;
  if (current !== null && options.includes(current)) return current;
  return null;
}

/** Spec 000 section 3's schema option (Superset's `SchemaOption`); catalogs are offered alike. */
export interface SchemaOption {
  value: string;
  label: string;
  /** The full name, shown on hover when the label is cut. */
  title: string;
}

/** The options of a list of schema (or catalog) names: `'main'` gives `{value, label, title}` all `'main'`. */
export function schemaOptions(names: readonly string[]): SchemaOption[] {
  return names.map((name) => ({ value: name, label: name, title: name }));
}
