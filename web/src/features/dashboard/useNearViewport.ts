import { useEffect, useState, type RefObject } from 'react';

/** How far below (and above) the viewport a chart starts loading. */
export const nearViewportMarginPx = 200;

/**
 * Whether the element has come within `nearViewportMarginPx` of the visible part of `scrollRoot`
 * (the viewport when null); stays true once it has, so charts below the fold load when scrolled
 * near. Without IntersectionObserver: true.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, scrollRoot: HTMLElement | null): boolean {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || element === null || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { root: scrollRoot, rootMargin: `${nearViewportMarginPx}px 0px ${nearViewportMarginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear, scrollRoot]);
  return isNear;
}
