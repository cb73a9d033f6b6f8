/** SQL Lab's configured defaults (spec 002 section 9): the default database and the result fetch timeout. */
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';

/** The configured default database when it is one of the listed databases, else the lowest database id. */
export function sqlLabDefaultDatabaseId(databases: readonly Pick<DatabaseListItem, 'id'>[], configuredId: number | null): number | null {
  if (configuredId !== null && databases.some((database) => database.id === configuredId)) return configuredId;
  return databases.reduce<number | null>((lowest, database) => (lowest === null || database.id < lowest ? database.id : lowest), null);
}

/** The signal that ends a stored-results fetch after the configured seconds; none for 0. */
export function resultFetchSignal(timeoutSeconds: number): AbortSignal | undefined {
  return timeoutSeconds > 0 ? AbortSignal.timeout(timeoutSeconds * 1000) : undefined;
}
