/** A stand-in for the Quiver server's annotation layer routes in page tests. */
import type { AnnotationItem } from '@/api/generated/AnnotationItem';
import type { AnnotationLayerItem } from '@/api/generated/AnnotationLayerItem';
import type { SentRequest } from '@/components/listView/listPageTestServer';

export interface AnnotationLayerTestServer {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  sent: SentRequest[];
}

export function annotationLayer(id: number, name: string): AnnotationLayerItem {
  return {
    id,
    name,
    descr: `${name} description`,
    created_on: '2025-01-01T00:00:00',
    changed_on: '2025-01-01T00:00:00',
    changed_on_delta_humanized: 'a day ago',
    created_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
    changed_by: null,
  };
}

export function annotation(id: number, layer: AnnotationLayerItem, shortDescr: string, start: string, end: string): AnnotationItem {
  return {
    id,
    short_descr: shortDescr,
    long_descr: `${shortDescr} details`,
    start_dttm: start,
    end_dttm: end,
    json_metadata: '',
    changed_on_delta_humanized: 'now',
    created_by: null,
    changed_by: null,
    layer: { id: layer.id, name: layer.name },
  };
}

/**
 * Answers the layer list and `_info` (with `permissions`), one layer, its annotations, creates
 * (201 with the next id), updates, deletes and bulk deletes ("Deleted N ...").
 */
export function annotationLayerTestServer(layers: readonly AnnotationLayerItem[], annotations: readonly AnnotationItem[], permissions = ['can_read', 'can_write']): AnnotationLayerTestServer {
  const sent: SentRequest[] = [];
  const fetch = (path: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    sent.push({ path, method, body });
    const url = new URL(path, 'http://quiver.test');
    const q = url.searchParams.get('q') ?? '';
    const deletedCount = q.startsWith('!(') ? q.slice(2, -1).split(',').length : 0;
    if (url.pathname === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.pathname === '/api/v1/annotation_layer/_info') return Promise.resolve(Response.json({ permissions }));
    if (url.pathname === '/api/v1/annotation_layer/') {
      if (method === 'POST') return Promise.resolve(Response.json({ id: 99, result: body }, { status: 201 }));
      if (method === 'DELETE') return Promise.resolve(Response.json({ message: `Deleted ${deletedCount} annotation layers` }));
      return Promise.resolve(Response.json({ count: layers.length, ids: layers.map((layer) => layer.id), result: layers }));
    }
    const layerMatch = /^\/api\/v1\/annotation_layer\/(\d+)$/.exec(url.pathname);
    if (layerMatch !== null) {
      const layer = layers.find((candidate) => candidate.id === Number(layerMatch[1]));
      if (method !== 'GET') return Promise.resolve(Response.json({ id: Number(layerMatch[1]), result: body }));
      return Promise.resolve(layer === undefined ? Response.json({ message: 'Not found' }, { status: 404 }) : Response.json({ result: layer }));
    }
    if (/^\/api\/v1\/annotation_layer\/\d+\/annotation\/$/.test(url.pathname)) {
      if (method === 'POST') return Promise.resolve(Response.json({ id: 500, result: body }, { status: 201 }));
      if (method === 'DELETE') return Promise.resolve(Response.json({ message: `Deleted ${deletedCount} annotations` }));
      return Promise.resolve(Response.json({ count: annotations.length, ids: annotations.map((item) => item.id), result: annotations }));
    }
    if (/^\/api\/v1\/annotation_layer\/\d+\/annotation\/\d+$/.test(url.pathname)) {
      return Promise.resolve(method === 'DELETE' ? Response.json({ message: 'OK' }) : Response.json({ id: 1, result: body }));
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  };
  return { fetch, sent };
}
