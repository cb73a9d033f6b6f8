/** Copies text with the Clipboard API, or with a hidden textarea where that API is refused. */
export async function copyTextToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    copyWithTextarea(text);
  }
}

function copyWithTextarea(text: string): void {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  // execCommand is deprecated but remains the only fallback where navigator.clipboard is refused.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const isCopied = document.execCommand('copy');
  textarea.remove();
  if (!isCopied) throw new Error('Copy refused');
}
