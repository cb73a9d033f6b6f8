import { fireEvent, within } from '@testing-library/react';
import { virtualOptionHeight } from './selectLimits';

/** The heights (px) of the spacers a virtual list puts in place of the options it does not render. */
export function virtualSpacerHeights(listbox: HTMLElement): number[] {
  return Array.from(listbox.querySelectorAll<HTMLElement>('li[aria-hidden]'), (spacer) => parseFloat(spacer.style.height) || 0);
}

/** How many options a select's list holds: the rendered ones and those its spacers stand for. */
export function listedOptionCount(listbox: HTMLElement): number {
  const spacerHeight = virtualSpacerHeights(listbox).reduce((total, height) => total + height, 0);
  return within(listbox).queryAllByRole('option').length + Math.round(spacerHeight / virtualOptionHeight);
}

/** Scrolls a select's list (240 px high, options 32 px high) to its end, as a user would. */
export function scrollListToEnd(listbox: HTMLElement): void {
  const scrollHeight = listedOptionCount(listbox) * virtualOptionHeight;
  Object.defineProperties(listbox, {
    scrollHeight: { configurable: true, value: scrollHeight },
    clientHeight: { configurable: true, value: 240 },
    scrollTop: { configurable: true, value: Math.max(scrollHeight - 240, 0) },
  });
  fireEvent.scroll(listbox);
}
