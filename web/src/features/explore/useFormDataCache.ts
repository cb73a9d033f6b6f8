import { useEffect, useRef } from 'react';
import type { FormDataCachePost } from '@/api/generated/FormDataCachePost';
import type { ExploreFormData } from './exploreFormData';
import { storeFormData, urlWithFormDataKey } from './exploreStateApi';
import { formDataToSave } from './formDataToSave';

/** Spec 002 section 9: the slow debounce, between the last change and the cache write. */
export const formDataCacheDebounceMs = 500;

export interface FormDataCacheOptions {
  formData: ExploreFormData;
  datasourceId: number;
  chartId: number | null;
  /** The `form_data_key` Explore opened with, if any. */
  initialKey: string | null;
}

/**
 * Keeps Explore's state in the form data cache like Superset: each change (debounced) is written
 * under the page's key, and the URL gets `form_data_key` so a reload or a shared URL reopens it.
 */
export function useFormDataCache({ formData, datasourceId, chartId, initialKey }: FormDataCacheOptions): void {
  const keyRef = useRef<string | null>(initialKey);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const entry: FormDataCachePost = {
        datasource_id: datasourceId,
        datasource_type: 'table',
        chart_id: chartId,
        form_data: JSON.stringify(formDataToSave(formData)),
      };
      writes.current = writes.current.then(async () => {
        try {
          const key = await storeFormData(keyRef.current, entry);
          keyRef.current = key;
          if (!isMounted.current) return;
          window.history.replaceState(window.history.state, '', urlWithFormDataKey(window.location.href, key, chartId));
        } catch (error) {
          console.warn('explore state not cached', error);
        }
      });
    }, formDataCacheDebounceMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [formData, datasourceId, chartId]);
}
