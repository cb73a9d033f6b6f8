import type { Rect, Virtualizer } from '@tanstack/react-virtual';

/**
 * The virtualizer's size and scroll observers for a table whose box size is known when it mounts
 * (a chart's renderer is told its height). The library's own observers read `clientWidth` and
 * `scrollTop` at once, which makes the browser lay the page out in the middle of React's commit:
 * on a dashboard every table mounting in its own commit re-laid out all 30 charts, about 90 ms of
 * a load (docs/performance.md §4). These read nothing at mount: the size comes from a
 * ResizeObserver (after the browser's own layout), the offset from scroll events (0 at mount).
 */

/** Border-box size of the scrolling element, from a ResizeObserver only. */
export function observeScrollAreaSize(instance: Virtualizer<HTMLDivElement, Element>, onSize: (rect: Rect) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null) return undefined;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0];
    if (box !== undefined) onSize({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
}

/** How long after the last scroll event the table counts as no longer scrolling. */
const scrollSettleMs = 150;

/** The scrolling element's `scrollTop` on each scroll event; scrolling ends 150 ms after the last. */
export function observeScrollAreaOffset(
  instance: Virtualizer<HTMLDivElement, Element>,
  onOffset: (offset: number, isScrolling: boolean) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null) return undefined;
  let settleTimer: number | undefined;
  const onScroll = (): void => {
    onOffset(element.scrollTop, true);
    window.clearTimeout(settleTimer);
    settleTimer = window.setTimeout(() => onOffset(element.scrollTop, false), scrollSettleMs);
  };
  element.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.clearTimeout(settleTimer);
    element.removeEventListener('scroll', onScroll);
  };
}
