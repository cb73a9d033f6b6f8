import { useCallback } from 'react';
import { useTheme } from 'styled-components';
import { useToasts } from '@/components/toastContext';
import { saveBlob } from './saveBlob';

/** Superset's menu text in Explore and in a dashboard chart's Download menu. */
export const downloadAsImageLabel = 'Download as image';
/** Superset's menu text in the dashboard header's Download menu. */
export const dashboardDownloadAsImageLabel = 'Download as Image';
/** Superset's info toast while an image is made. */
export const imageGeneratingMessage = 'The screenshot is being generated. Please, do not leave the page.';
/** Superset's warning toast when no image could be made. */
export const imageDownloadFailedMessage = 'Image download failed, please refresh and try again.';

/** An element with this attribute is left out of the image, with its children (menus, buttons). */
export const imageExcludedAttribute = 'data-image-exclude';
/** Spread on an element to leave it out of the image. */
export const excludedFromImage = { [imageExcludedAttribute]: 'true' } as const;

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const unsafeFileNameCharacters = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const maxStemLength = 100;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD HH-mm-ss` in local time (no colons: file names refuse them). */
export function imageTimestamp(date: Date): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `${day} ${twoDigits(date.getHours())}-${twoDigits(date.getMinutes())}-${twoDigits(date.getSeconds())}`;
}

/** The title made safe for a file name: white space collapses, unsafe characters become `_`, at most 100 characters. */
export function fileNameStem(title: string | null | undefined, fallback: string): string {
  const safe = (title ?? '')
    .replace(/\s+/g, ' ')
    .replace(unsafeFileNameCharacters, '_')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, maxStemLength)
    .trim();
  return safe === '' ? fallback : safe;
}

/** `<title or fallback>-<YYYY-MM-DD HH-mm-ss>.png`, e.g. `Births-2026-11-24 09-05-03.png`. */
export function imageFileName(title: string | null | undefined, fallback: string, date: Date = new Date()): string {
  return `${fileNameStem(title, fallback)}-${imageTimestamp(date)}.png`;
}

function isIncluded(node: Node): boolean {
  return !(node instanceof Element) || !node.hasAttribute(imageExcludedAttribute);
}

/** A PNG of the element as shown (SVG and HTML alike) on `backgroundColor`, without the excluded parts. */
export async function renderElementAsPng(element: HTMLElement, backgroundColor: string): Promise<Blob> {
  // Loaded on first use: the library stays out of the pages' chunks.
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(element, { backgroundColor, filter: isIncluded });
  if (blob === null) throw new Error('The browser made no image of the element.');
  return blob;
}

/** What to draw and how to name the file. */
export interface ImageDownload {
  /** The element drawn; null when it is not on the page (the download fails). */
  element: HTMLElement | null;
  /** The chart's or the dashboard's name. */
  title: string | null | undefined;
  /** The name used when the title is empty: `chart` or `dashboard`. */
  fallbackName: string;
  /** Which theme colour fills the background: cards are `surface`, the dashboard grid is `background`. */
  background?: 'surface' | 'background';
}

/**
 * "Download as image": draws the element as a PNG in the theme's colours and downloads it,
 * with an info toast while it renders and Superset's warning when it fails.
 */
export function useDownloadAsImage(): (download: ImageDownload) => Promise<void> {
  const theme = useTheme();
  const { addToast } = useToasts();
  return useCallback(
    async ({ element, title, fallbackName, background = 'surface' }: ImageDownload) => {
      if (element === null) {
        addToast('warning', imageDownloadFailedMessage);
        return;
      }
      addToast('info', imageGeneratingMessage);
      try {
        const blob = await renderElementAsPng(element, theme.colors[background]);
        saveBlob(blob, imageFileName(title, fallbackName));
      } catch (error) {
        console.error('Creating image failed', error);
        addToast('warning', imageDownloadFailedMessage);
      }
    },
    [theme, addToast],
  );
}
