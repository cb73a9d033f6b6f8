import { errorMessage } from '@/api/errors';
import { copyWithToast } from '@/components/copyWithToast';
import type { Toasts } from '@/components/toastContext';
import type { ExploreFormData } from './exploreFormData';
import { createExplorePermalink } from './exploreStateApi';
import { formDataToSave } from './formDataToSave';

/**
 * Share > "Copy permalink to clipboard" (Explore and the dashboard chart menu): stores the chart
 * state as saved (`POST /api/v1/explore/permalink`) and copies its URL, toasting 'Copied to
 * clipboard!', the server's message when the link is refused, or Superset's copy failure text.
 */
export async function copyExplorePermalink(formData: ExploreFormData, addToast: Toasts['addToast']): Promise<void> {
  let url: string;
  try {
    url = (await createExplorePermalink(formDataToSave(formData))).url;
  } catch (error) {
    addToast('danger', errorMessage(error));
    return;
  }
  await copyWithToast(url, addToast);
}
