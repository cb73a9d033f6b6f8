import { useRef, type JSX, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { maxNorthPercent, minNorthPercent } from './editorTabs';

/** How far one arrow key moves the split, in percent. */
export const splitKeyStep = 5;

export interface SplitGutterProps {
  /** The editor's share of `container`'s height, in percent. */
  northPercent: number;
  /** The element the split divides (its height is 100 percent). */
  container: RefObject<HTMLElement | null>;
  /** A new share for the editor (not yet clamped). */
  onResize: (northPercent: number) => void;
}

/**
 * The gutter between the SQL editor and the results (Superset's split): dragged with the pointer,
 * or moved with the arrow keys, Home and End.
 */
export function SplitGutter({ northPercent, container, onResize }: SplitGutterProps): JSX.Element {
  const isDragging = useRef(false);

  function percentAt(clientY: number): number | null {
    const box = container.current?.getBoundingClientRect();
    if (box === undefined || box.height <= 0) return null;
    return ((clientY - box.top) / box.height) * 100;
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>): void {
    isDragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>): void {
    if (!isDragging.current) return;
    const percent = percentAt(event.clientY);
    if (percent !== null) onResize(percent);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>): void {
    isDragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const next: Record<string, number> = {
      ArrowUp: northPercent - splitKeyStep,
      ArrowDown: northPercent + splitKeyStep,
      Home: minNorthPercent,
      End: maxNorthPercent,
    };
    const percent = next[event.key];
    if (percent === undefined) return;
    event.preventDefault();
    onResize(percent);
  }

  return (
    <Gutter
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the editor"
      aria-valuemin={minNorthPercent}
      aria-valuemax={maxNorthPercent}
      aria-valuenow={northPercent}
      tabIndex={0}
      data-testid={testIds.sqlLab.splitGutter}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}

const Gutter = styled.div`
  flex: none;
  height: ${({ theme }) => theme.gridUnit * 2}px;
  cursor: row-resize;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.border};
  touch-action: none;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.primary.base};
    outline: none;
  }
`;
