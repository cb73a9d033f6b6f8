import { postJson, putJson } from '@/api/client';
import type { FormDataCachePost } from '@/api/generated/FormDataCachePost';
import type { FormDataKeyResponse } from '@/api/generated/FormDataKeyResponse';
import type { FormDataUpdateResponse } from '@/api/generated/FormDataUpdateResponse';
import type { PermalinkResponse } from '@/api/generated/PermalinkResponse';
import type { ExploreFormData } from './exploreFormData';

/** `POST /api/v1/explore/form_data`: caches Explore's state and answers its key. */
export async function createFormDataKey(entry: FormDataCachePost): Promise<string> {
  return (await postJson<FormDataKeyResponse>('/api/v1/explore/form_data', entry)).key;
}

/** `PUT /api/v1/explore/form_data/{key}`: replaces the cached state; answers the key to keep. */
export async function updateFormDataKey(key: string, entry: FormDataCachePost): Promise<string> {
  return (await putJson<FormDataUpdateResponse>(`/api/v1/explore/form_data/${encodeURIComponent(key)}`, entry)).key;
}

/**
 * Writes the state under the key when there is one, else (or when that key is gone or someone
 * else's) under a new key, and answers the key now holding it.
 */
export async function storeFormData(key: string | null, entry: FormDataCachePost): Promise<string> {
  if (key !== null) {
    try {
      return await updateFormDataKey(key, entry);
    } catch {
      // Expired, deleted or another user's entry: start a new one.
    }
  }
  return createFormDataKey(entry);
}

/** `POST /api/v1/explore/permalink`: the absolute URL that reopens this chart state. */
export async function createExplorePermalink(formData: ExploreFormData): Promise<PermalinkResponse> {
  return postJson<PermalinkResponse>('/api/v1/explore/permalink', { formData });
}

/**
 * The URL Explore shows once its state is cached: `/explore/?form_data_key=K[&slice_id=N]`, keeping
 * the other query parameters (a permalink path becomes `/explore/`).
 */
export function urlWithFormDataKey(current: string, key: string, sliceId: number | null): string {
  const url = new URL(current);
  url.pathname = '/explore/';
  url.searchParams.set('form_data_key', key);
  if (sliceId === null) url.searchParams.delete('slice_id');
  else url.searchParams.set('slice_id', String(sliceId));
  return `${url.pathname}${url.search}${url.hash}`;
}
