import { standaloneHideNav } from '../exploreUrl';

/** Superset's defaults of the "Embed code" dialog, in pixels. */
export const defaultEmbedHeight = '400';
export const defaultEmbedWidth = '600';

/** A chart permalink as a standalone URL: `{url}?standalone=1&height={height}`. */
export function standaloneChartUrl(permalinkUrl: string, height: string): string {
  const url = new URL(permalinkUrl, window.location.origin);
  url.searchParams.set('standalone', String(standaloneHideNav));
  url.searchParams.set('height', height);
  return url.toString();
}

/** The iframe Superset's "Embed code" dialog offers for a chart permalink. */
export function embedCodeHtml(permalinkUrl: string, width: string, height: string): string {
  return [
    '<iframe',
    `  width="${width}"`,
    `  height="${height}"`,
    '  seamless',
    '  frameBorder="0"',
    '  scrolling="no"',
    `  src="${standaloneChartUrl(permalinkUrl, height)}"`,
    '>',
    '</iframe>',
  ].join('\n');
}
