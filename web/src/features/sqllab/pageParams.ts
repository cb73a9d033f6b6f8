/**
 * The SQL Lab page's own URL parameters, and the others, which a run forwards to the server so
 * that `url_param('name')` in a Jinja template reads them (spec 002 section 7, as Superset does).
 */

/** The parameters SQL Lab reads itself to open a query (`requestedQuery.ts`); never forwarded. */
export const sqlLabOwnParameters: readonly string[] = ['savedQueryId', 'permalink', 'queryId', 'datasourceKey', 'sql', 'dbid', 'name', 'schema'];

/** The page's query string without SQL Lab's own parameters: `?state=CA`, or '' when none is left. */
export function forwardedSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of sqlLabOwnParameters) params.delete(name);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
