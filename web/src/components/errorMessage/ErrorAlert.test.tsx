import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { buildTheme, type ThemeAlgorithm } from '@/theme/tokens';
import { ErrorAlert } from './ErrorAlert';

function renderAlert(algorithm: ThemeAlgorithm): HTMLElement {
  render(
    <ThemeProvider theme={buildTheme(algorithm)}>
      <ErrorAlert display="unexpected" title="Unexpected error" message="boom" />
    </ThemeProvider>,
  );
  return screen.getByTestId(testIds.errorMessage.alert);
}

describe('ErrorAlert', () => {
  it("uses the error scale's lightest tint in light mode and the muted surface in dark mode", () => {
    const light = buildTheme('default');
    const dark = buildTheme('dark');
    const lightStyle = getComputedStyle(renderAlert('default'));
    expect(lightStyle.backgroundColor.toUpperCase()).toBe(light.colors.error.light[4]);
    cleanup();
    const darkStyle = getComputedStyle(renderAlert('dark'));
    expect(darkStyle.backgroundColor.toUpperCase()).toBe(dark.colors.surfaceMuted);
    expect(darkStyle.color.toUpperCase()).toBe(dark.colors.error.light[1]);
  });
});
