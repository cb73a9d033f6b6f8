import { copyTextToClipboard } from './copyTextToClipboard';
import type { Toasts } from './toastContext';

/** Superset's toasts after copying. */
export const copiedMessage = 'Copied to clipboard!';
export const copyFailedMessage = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

/** Copies the text and says so: 'Copied to clipboard!', or Superset's text when the browser refuses. */
export async function copyWithToast(text: string, addToast: Toasts['addToast']): Promise<void> {
  try {
    await copyTextToClipboard(text);
    addToast('success', copiedMessage);
  } catch {
    addToast('danger', copyFailedMessage);
  }
}
