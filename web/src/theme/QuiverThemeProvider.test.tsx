import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JSX } from 'react';
import { MemoryRouter } from 'react-router';
import { useTheme } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import { AppHeader } from '@/components/AppHeader';
import { testIds } from '@/testIds';
import { QuiverThemeProvider } from './QuiverThemeProvider';
import { themeAlgorithmStorageKey, themeCompactStorageKey, themeFunkyStorageKey } from './themeMode';
import { defaultBrandLogo } from './tokens';

const user = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', is_active: true, is_anonymous: false } as CurrentUser;

/** Shows the theme the page is drawn with. */
function ThemeProbe(): JSX.Element {
  const theme = useTheme();
  return (
    <output
      data-testid="theme-probe"
      data-algorithm={theme.algorithm}
      data-surface={theme.colors.surface}
      data-compact={String(theme.isCompact)}
      data-font-size={theme.fontSizes.m}
      data-name={theme.name}
      data-primary={theme.colors.primary.base}
      data-radius={theme.borderRadius}
    />
  );
}

function renderHeader(): ReturnType<typeof render> {
  return render(
    <QuiverThemeProvider>
      <MemoryRouter>
        <AppHeader user={user} />
        <ThemeProbe />
      </MemoryRouter>
    </QuiverThemeProvider>,
  );
}

function drawnAlgorithm(): [string | null, string | null] {
  const probe = screen.getByTestId('theme-probe');
  return [probe.getAttribute('data-algorithm'), probe.getAttribute('data-surface')];
}

describe('the dark mode toggle', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('switches the algorithm between default and dark, and keeps the choice for the next visit', async () => {
    const { unmount } = renderHeader();
    const toggle = screen.getByTestId(testIds.header.themeToggle);
    expect(drawnAlgorithm()).toEqual(['default', '#FFFFFF']);
    expect(toggle.textContent).toBe('Dark mode');

    await userEvent.click(toggle);
    expect(drawnAlgorithm()).toEqual(['dark', '#1F1F1F']);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Light mode');
    expect(window.localStorage.getItem(themeAlgorithmStorageKey)).toBe('dark');

    unmount();
    renderHeader();
    expect(drawnAlgorithm()).toEqual(['dark', '#1F1F1F']);

    await userEvent.click(screen.getByTestId(testIds.header.themeToggle));
    expect(drawnAlgorithm()).toEqual(['default', '#FFFFFF']);
    expect(window.localStorage.getItem(themeAlgorithmStorageKey)).toBe('default');
  });
});

describe('the compact toggle', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('draws the compact algorithm with either colour algorithm and keeps the choice for the next visit', async () => {
    const { unmount } = renderHeader();
    const probe = (): [string | null, string | null] => [
      screen.getByTestId('theme-probe').getAttribute('data-compact'),
      screen.getByTestId('theme-probe').getAttribute('data-font-size'),
    ];
    const compactToggle = screen.getByTestId(testIds.header.compactToggle);
    expect(probe()).toEqual(['false', '14']);
    expect(compactToggle.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(compactToggle);
    expect(probe()).toEqual(['true', '12']);
    expect(compactToggle.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(themeCompactStorageKey)).toBe('true');

    await userEvent.click(screen.getByTestId(testIds.header.themeToggle));
    expect(drawnAlgorithm()).toEqual(['dark', '#1F1F1F']);
    expect(probe()).toEqual(['true', '12']);

    unmount();
    renderHeader();
    expect(probe()).toEqual(['true', '12']);
    expect(drawnAlgorithm()).toEqual(['dark', '#1F1F1F']);
  });
});

describe('the funky toggle', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  function drawnTheme(): (string | null)[] {
    const probe = screen.getByTestId('theme-probe');
    return ['data-name', 'data-algorithm', 'data-primary', 'data-radius'].map((name) => probe.getAttribute(name));
  }

  it('draws the funky theme, keeps it for the next visit, and gives way to dark mode', async () => {
    const { unmount } = renderHeader();
    const funkyToggle = screen.getByTestId(testIds.header.funkyToggle);
    expect(drawnTheme()).toEqual(['superset', 'default', '#2893B3', '4']);
    expect(funkyToggle.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(funkyToggle);
    expect(drawnTheme()).toEqual(['funky', 'default', '#FF00FF', '10']);
    expect(funkyToggle.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(themeFunkyStorageKey)).toBe('true');

    unmount();
    renderHeader();
    expect(drawnTheme()).toEqual(['funky', 'default', '#FF00FF', '10']);

    // Funky is a light theme: dark mode replaces it, and funky brings the light algorithm back.
    await userEvent.click(screen.getByTestId(testIds.header.themeToggle));
    expect(drawnTheme()).toEqual(['dark', 'dark', '#2893B3', '4']);
    expect(screen.getByTestId(testIds.header.funkyToggle).getAttribute('aria-pressed')).toBe('false');
    expect(window.localStorage.getItem(themeFunkyStorageKey)).toBe('false');

    await userEvent.click(screen.getByTestId(testIds.header.funkyToggle));
    expect(drawnTheme()).toEqual(['funky', 'default', '#FF00FF', '10']);
    expect(window.localStorage.getItem(themeAlgorithmStorageKey)).toBe('default');

    await userEvent.click(screen.getByTestId(testIds.header.funkyToggle));
    expect(drawnTheme()).toEqual(['superset', 'default', '#2893B3', '4']);
  });

  it('combines with compact', async () => {
    renderHeader();
    await userEvent.click(screen.getByTestId(testIds.header.funkyToggle));
    await userEvent.click(screen.getByTestId(testIds.header.compactToggle));
    expect(drawnTheme()).toEqual(['funky', 'default', '#FF00FF', '10']);
    expect(screen.getByTestId('theme-probe').getAttribute('data-compact')).toBe('true');
  });
});

describe('the brand logo', () => {
  it('shows the theme logo in the nav bar, linked to its href', () => {
    renderHeader();
    const link = screen.getByTestId(testIds.header.brandLogo);
    expect(link.getAttribute('href')).toBe('/superset/welcome/');
    const image = screen.getByRole('img', { name: 'Quiver' });
    expect(image.getAttribute('src')).toBe(defaultBrandLogo.url);
    expect(link.contains(image)).toBe(true);
    // The CSS styled-components wrote for the image's classes.
    const sheet = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
    const css = Array.from(image.classList, (name) => new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '').join('');
    expect(css).toContain('height:24px;');
    expect(css).toContain('margin:12px 0;');
  });
});
