/** A stand-in for the Quiver server in list page tests: one resource's list, the tag names and bulk tagging. */

/** One request the page sent: its path, method and parsed JSON body. */
export interface SentRequest {
  path: string;
  method: string;
  body: unknown;
}

export interface ListPageTestServer {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  sent: SentRequest[];
}

/** What an Admin's `_info` answers. */
export const allListPermissions: readonly string[] = ['can_read', 'can_write', 'can_export'];

/**
 * Answers `GET /api/v1/{resource}/?q=` with `rows`, the resource's `_info` with `permissions`, the tag
 * list with `tagNames`, and `POST /api/v1/tag/bulk_create` as if every object was tagged; anything
 * else gets an empty list.
 */
export function listPageTestServer(
  resource: string,
  rows: readonly object[],
  tagNames: readonly string[],
  permissions: readonly string[] = allListPermissions,
): ListPageTestServer {
  const sent: SentRequest[] = [];
  const fetch = (path: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    sent.push({ path, method, body });
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (path === '/api/v1/tag/bulk_create') {
      const payload = body as { tags: { objects_to_tag: [string, number][] }[] };
      return Promise.resolve(Response.json({ result: { objects_tagged: payload.tags[0]?.objects_to_tag ?? [], objects_skipped: [] } }));
    }
    if (path.startsWith('/api/v1/tag/?q=')) {
      return Promise.resolve(Response.json({ count: tagNames.length, ids: [], result: tagNames.map((name, index) => ({ id: index + 1, name, type: 'custom' })) }));
    }
    if (path.startsWith(`/api/v1/${resource}/_info`)) return Promise.resolve(Response.json({ permissions }));
    if (path.startsWith(`/api/v1/${resource}/?q=`)) return Promise.resolve(Response.json({ count: rows.length, ids: [], result: rows }));
    return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
  };
  return { fetch, sent };
}
