import type { Toasts } from '@/components/toastContext';
import type { ExploreFormData } from '../exploreFormData';
import { createExplorePermalink } from '../exploreStateApi';
import { formDataToSave } from '../formDataToSave';

export const shareByEmailLabel = 'Share chart by email';
/** Superset's toast when the e-mail link cannot be made. */
export const shareFailedMessage = 'Sorry, something went wrong. Try again later.';

/**
 * Superset's "Share chart by email" link: subject 'Superset chart', body 'Check out this chart: '
 * and the permalink.
 */
export function chartEmailHref(permalinkUrl: string): string {
  return `mailto:?Subject=${encodeURIComponent('Superset chart')}%20&Body=${encodeURIComponent(`Check out this chart: ${permalinkUrl}`)}`;
}

/** Opens an address as a link click does (the mail client for `mailto:`). */
export function openLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.click();
}

/**
 * Share > "Share chart by email" (Explore's menu, Superset's `ShareMenuItems`): a permalink of the
 * chart as shown (`POST /api/v1/explore/permalink`), then a mail with it; Superset's failure
 * toast when the permalink cannot be made.
 */
export async function shareExploreChartByEmail(formData: ExploreFormData, addToast: Toasts['addToast'], open: (href: string) => void = openLink): Promise<void> {
  let url: string;
  try {
    url = (await createExplorePermalink(formDataToSave(formData))).url;
  } catch (error) {
    console.warn('chart permalink could not be created', error);
    addToast('danger', shareFailedMessage);
    return;
  }
  open(chartEmailHref(url));
}
