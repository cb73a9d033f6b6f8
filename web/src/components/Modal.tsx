import { useEffect, useId, useRef, useState, type CSSProperties, type JSX, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { Button } from './Button';

/** Spec 002 section 2 (and 001 section 9): a dialog is 600 px wide unless it asks for more, and never under 380 px. */
export const defaultModalWidthPx = 600;
export const minimumModalWidthPx = 380;
/** The width of dialogs laid out in columns or holding tables and code: galleries, editors, SQL. */
export const wideModalWidthPx = 800;

/**
 * Spec 002 section 2: a resizable dialog is never shorter than its header (55 px) and the smallest
 * content (54 px), 109 px, plus its footer (65 px) when it has one, 174 px.
 */
export const resizableModalMinimumHeightPx = 109;
export const resizableModalWithFooterMinimumHeightPx = 174;

export function resizableModalMinimumHeight(hasFooter: boolean): number {
  return hasFooter ? resizableModalWithFooterMinimumHeightPx : resizableModalMinimumHeightPx;
}

interface PointerPoint {
  clientX: number;
  clientY: number;
}

/** Follows the mouse until the button is released: `onMove` gets how far it went from `start`. */
function followMouse(start: PointerPoint, onMove: (deltaX: number, deltaY: number) => void): () => void {
  const move = (event: MouseEvent): void => onMove(event.clientX - start.clientX, event.clientY - start.clientY);
  const stop = (): void => {
    window.removeEventListener('mousemove', move);
    window.removeEventListener('mouseup', stop);
  };
  window.addEventListener('mousemove', move);
  window.addEventListener('mouseup', stop);
  return stop;
}

/** The width a dialog gets: its own, else the default, at least the minimum. */
export function modalWidthPx(width: number | undefined): number {
  return Math.max(width ?? defaultModalWidthPx, minimumModalWidthPx);
}

export interface ModalProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  closeButtonTestId?: string;
  /** The dialog's width in pixels: 600 when not given, never under 380 (spec 002 §2). */
  width?: number;
  /** The height in pixels of the dialog's content (between header and footer), shrunk to fit 80 % of the window. */
  contentHeight?: number;
  /** The dialog moves with its title bar dragged. */
  isDraggable?: boolean;
  /** The dialog's bottom right corner resizes it, down to 380 px wide and 109 px high (174 px with a footer). */
  isResizable?: boolean;
  /** A click on the mask around the dialog closes it (true unless said otherwise). */
  isMaskClosable?: boolean;
  onClose: () => void;
}

/**
 * A dialog over the page; Escape, the close button and a click outside (unless `isMaskClosable`
 * is false) close it. It can be
 * draggable by its title bar and resizable by its corner (spec 002 section 2).
 */
export function Modal({
  title,
  children,
  footer,
  testId,
  closeButtonTestId,
  width,
  contentHeight,
  isDraggable = false,
  isResizable = false,
  isMaskClosable = true,
  onClose,
}: ModalProps): JSX.Element {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [resizedSize, setResizedSize] = useState<{ width: number; height: number } | null>(null);
  const stopFollowingMouse = useRef<(() => void) | null>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  useEffect(() => () => stopFollowingMouse.current?.(), []);

  function startDragging(event: ReactMouseEvent<HTMLDivElement>): void {
    const isOnButton = event.target instanceof Element && event.target.closest('button') !== null;
    if (!isDraggable || event.button !== 0 || isOnButton) return;
    event.preventDefault();
    const startOffset = offset;
    stopFollowingMouse.current?.();
    stopFollowingMouse.current = followMouse(event, (deltaX, deltaY) => setOffset({ x: startOffset.x + deltaX, y: startOffset.y + deltaY }));
  }

  function startResizing(event: ReactMouseEvent<HTMLDivElement>): void {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const startWidth = resizedSize?.width ?? modalWidthPx(width);
    const startHeight = resizedSize?.height ?? dialogRef.current?.getBoundingClientRect().height ?? 0;
    const minimumHeight = resizableModalMinimumHeight(footer !== undefined);
    stopFollowingMouse.current?.();
    stopFollowingMouse.current = followMouse(event, (deltaX, deltaY) =>
      setResizedSize({
        width: Math.max(minimumModalWidthPx, startWidth + deltaX),
        height: Math.max(minimumHeight, startHeight + deltaY),
      }),
    );
  }

  // Inline: these change on every mouse move.
  const placement: CSSProperties = {
    ...(offset.x !== 0 || offset.y !== 0 ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : {}),
    ...(resizedSize !== null ? { width: `${resizedSize.width}px`, height: `${resizedSize.height}px`, maxHeight: 'none' } : {}),
  };

  return createPortal(
    <Backdrop
      data-testid={testIds.modal.mask}
      onMouseDown={(event) => {
        if (isMaskClosable && event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $width={modalWidthPx(width)}
        style={placement}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <Header $isDraggable={isDraggable} data-testid={testIds.modal.header} onMouseDown={startDragging}>
          <Title id={titleId}>{title}</Title>
          <Button $variant="link" aria-label="Close" data-testid={closeButtonTestId} onClick={onClose}>
            ✕
          </Button>
        </Header>
        <Body $height={contentHeight} data-testid={testIds.modal.body}>
          {children}
        </Body>
        {footer !== undefined && <Footer>{footer}</Footer>}
        {isResizable && <ResizeHandle aria-hidden data-testid={testIds.modal.resizeHandle} onMouseDown={startResizing} />}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding-top: 10vh;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div<{ $width: number }>`
  position: relative;
  display: flex;
  flex-direction: column;
  width: min(${({ $width }) => $width}px, 92vw);
  min-width: min(${minimumModalWidthPx}px, 92vw);
  max-height: 80vh;
  border-radius: ${({ theme }) => theme.borderRadius * 2}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3);

  &:focus {
    outline: none;
  }
`;

const Header = styled.div<{ $isDraggable: boolean }>`
  display: flex;
  cursor: ${({ $isDraggable }) => ($isDraggable ? 'move' : 'auto')};
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 4}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
`;

const Body = styled.div<{ $height: number | undefined }>`
  flex: 1;
  ${({ $height }) => ($height === undefined ? '' : `height: ${$height}px;`)}
  overflow: auto;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 4}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The bottom right corner of a resizable dialog. */
const ResizeHandle = styled.div`
  position: absolute;
  right: 0;
  bottom: 0;
  width: 12px;
  height: 12px;
  cursor: nwse-resize;
  background: linear-gradient(135deg, transparent 50%, ${({ theme }) => theme.colors.border} 50%);
  border-bottom-right-radius: ${({ theme }) => theme.borderRadius * 2}px;
`;
