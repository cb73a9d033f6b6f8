import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeScrollAreaOffset, observeScrollAreaSize } from './scrollAreaObservers';

/** A scrolling element that counts the reads of its layout (each would lay the page out). */
function countingElement(): { element: HTMLDivElement; layoutReads: () => number } {
  const element = document.createElement('div');
  let reads = 0;
  for (const property of ['clientWidth', 'clientHeight', 'scrollTop'] as const) {
    Object.defineProperty(element, property, {
      get: () => {
        reads += 1;
        return property === 'scrollTop' ? 64 : 300;
      },
    });
  }
  return { element, layoutReads: () => reads };
}

function virtualizerOf(element: HTMLDivElement): Virtualizer<HTMLDivElement, Element> {
  return { scrollElement: element } as unknown as Virtualizer<HTMLDivElement, Element>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('table scroll area observers', () => {
  it('read no layout when they start; the size comes from the ResizeObserver', () => {
    let resized: ResizeObserverCallback = () => undefined;
    const observed: { box?: string }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resized = callback;
        }
        observe(_element: Element, options?: { box?: string }): void {
          observed.push(options ?? {});
        }
        disconnect(): void {}
      },
    );
    const { element, layoutReads } = countingElement();
    const sizes: Rect[] = [];
    const stop = observeScrollAreaSize(virtualizerOf(element), (rect) => sizes.push(rect));

    expect(layoutReads()).toBe(0);
    expect(sizes).toEqual([]);
    expect(observed).toEqual([{ box: 'border-box' }]);
    const entry = { borderBoxSize: [{ inlineSize: 412.4, blockSize: 287.6 }] } as unknown as ResizeObserverEntry;
    resized([entry], {} as ResizeObserver);
    expect(sizes).toEqual([{ width: 412, height: 288 }]);
    expect(typeof stop).toBe('function');
  });

  it('tell the offset on scroll, and that scrolling ended 150 ms after the last event', () => {
    vi.useFakeTimers();
    const { element, layoutReads } = countingElement();
    const offsets: [number, boolean][] = [];
    const stop = observeScrollAreaOffset(virtualizerOf(element), (offset, isScrolling) => offsets.push([offset, isScrolling]));

    expect(layoutReads()).toBe(0);
    element.dispatchEvent(new Event('scroll'));
    expect(offsets).toEqual([[64, true]]);
    vi.advanceTimersByTime(149);
    expect(offsets).toEqual([[64, true]]);
    vi.advanceTimersByTime(1);
    expect(offsets).toEqual([
      [64, true],
      [64, false],
    ]);

    stop?.();
    element.dispatchEvent(new Event('scroll'));
    expect(offsets).toHaveLength(2);
  });
});
