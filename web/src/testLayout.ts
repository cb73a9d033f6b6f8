import { afterAll, beforeAll } from 'vitest';

/**
 * happy-dom has no layout: gives every element of the describe block's tests a height, so that
 * virtualized grids render their rows; the real `clientHeight` comes back afterwards.
 */
export function giveElementsHeight(height = 600): void {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });
}

/** The CSS declarations styled-components wrote for the element's classes (happy-dom computes no `min()`). */
export function styledDeclarationsOf(element: HTMLElement): string {
  const sheet = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
  return Array.from(element.classList, (name) => new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '').join('');
}
