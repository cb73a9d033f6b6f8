import type { MouseEvent } from 'react';

/**
 * The pointer's position relative to the chart's SVG (or the element itself outside SVG), from
 * the bounding box: our plots are never transformed, so no screen matrix is needed.
 */
export function pointerPosition(event: MouseEvent): { x: number; y: number } {
  const target = event.currentTarget;
  const frame = target.closest('svg') ?? target;
  const box = frame.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}
