import { useEffect, useId, useRef, type JSX, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from './Button';

/** Spec 002 section 2 (and 001 section 9): a dialog is 600 px wide unless it asks for more, and never under 380 px. */
export const defaultModalWidthPx = 600;
export const minimumModalWidthPx = 380;
/** The width of dialogs laid out in columns or holding tables and code: galleries, editors, SQL. */
export const wideModalWidthPx = 800;

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
  onClose: () => void;
}

/** A dialog over the page; Escape, the close button and a click outside close it. */
export function Modal({ title, children, footer, testId, closeButtonTestId, width, onClose }: ModalProps): JSX.Element {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $width={modalWidthPx(width)}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <Button $variant="link" aria-label="Close" data-testid={closeButtonTestId} onClick={onClose}>
            ✕
          </Button>
        </Header>
        <Body>{children}</Body>
        {footer !== undefined && <Footer>{footer}</Footer>}
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

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 4}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
`;

const Body = styled.div`
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
