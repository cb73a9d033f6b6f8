import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CommittedSignal } from '@/components/CommittedSignal';
import { UnexpectedErrorMessage } from './UnexpectedErrorMessage';

/** The first line of what a render threw: `Error: message` for an Error, as Superset shows it. */
export function firstLineOf(error: unknown): string {
  return String(error).split('\n')[0] ?? '';
}

export interface RenderErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next result drawn) clears a caught error and renders the children again. */
  resetKey?: unknown;
  /** The test id of the element around the error display (the chart area's `chart.error`). */
  errorTestId?: string;
  /** Told what drawing threw (the chart's status becomes failed). */
  onError?: (error: unknown) => void;
}

interface RenderErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  componentStack: string | null;
}

/**
 * The render boundary (spec 001 §8): when drawing a chart throws, 'Unexpected error' with the
 * error's first line and, behind "See more", the component stack; the rest of the page lives on.
 */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, RenderErrorBoundaryState> {
  override state: RenderErrorBoundaryState = { error: null, hasError: false, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<RenderErrorBoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? null });
  }

  /** Told once the error display is on the page, after the commit's layout effects (the chart's own events). */
  private readonly reportError = (): void => {
    this.props.onError?.(this.state.error);
  };

  override componentDidUpdate(previous: RenderErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, hasError: false, componentStack: null });
    }
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <div data-testid={this.props.errorTestId}>
        <UnexpectedErrorMessage message={firstLineOf(this.state.error)} stackTrace={this.state.componentStack} />
        <CommittedSignal commitKey={this.state.error} onCommitted={this.reportError} />
      </div>
    );
  }
}
