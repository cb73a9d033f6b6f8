import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { firstLineOf, RenderErrorBoundary } from './RenderErrorBoundary';

function BrokenChart({ rows }: { rows: number }): JSX.Element {
  if (rows < 0) throw new TypeError("Cannot read properties of undefined (reading 'x')\nsecond line");
  return <p>{rows} rows drawn</p>;
}

describe('RenderErrorBoundary', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Unexpected error' with the error's first line and the component stack behind \"See more\"", async () => {
    // React logs the caught error: keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithTheme(
      <RenderErrorBoundary errorTestId={testIds.chart.error}>
        <BrokenChart rows={-1} />
      </RenderErrorBoundary>,
    );

    expect(screen.getByTestId(testIds.chart.error).contains(screen.getByTestId(testIds.errorMessage.alert))).toBe(true);
    const alert = screen.getByTestId(testIds.errorMessage.alert);
    expect(alert.getAttribute('data-error-display')).toBe('unexpected');
    expect(screen.getByTestId(testIds.errorMessage.title).textContent).toBe('Unexpected error');
    expect(screen.getByTestId(testIds.errorMessage.message).textContent).toBe("TypeError: Cannot read properties of undefined (reading 'x')");
    await userEvent.click(screen.getByTestId(testIds.errorMessage.detailsToggle));
    expect(screen.getByTestId(testIds.errorMessage.details).textContent).toContain('BrokenChart');
  });

  it('draws again when the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = renderWithTheme(
      <RenderErrorBoundary resetKey={1}>
        <BrokenChart rows={-1} />
      </RenderErrorBoundary>,
    );
    expect(screen.getByTestId(testIds.errorMessage.alert)).not.toBeNull();

    rerender(
      <RenderErrorBoundary resetKey={2}>
        <BrokenChart rows={3} />
      </RenderErrorBoundary>,
    );
    expect(screen.getByText('3 rows drawn')).not.toBeNull();
  });

  it('tells onError what drawing threw, once the error display is on the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const caught: unknown[] = [];
    renderWithTheme(
      <RenderErrorBoundary onError={(error) => caught.push(error)}>
        <BrokenChart rows={-1} />
      </RenderErrorBoundary>,
    );

    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(TypeError);
    expect(screen.getByTestId(testIds.errorMessage.alert)).not.toBeNull();
  });

  it('reads the first line of anything thrown', () => {
    expect(firstLineOf(new Error('one\ntwo'))).toBe('Error: one');
    expect(firstLineOf('plain text')).toBe('plain text');
  });
});
