import { afterAll, beforeAll } from 'vitest';

/**
 * happy-dom has no layout: gives every element a client height (600 px) for the tests of the
 * calling file, so that virtualized lists render rows; restores the original afterwards.
 */
export function giveElementsClientHeight(heightPx = 600): void {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => heightPx });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });
}
