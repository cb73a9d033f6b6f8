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
import { themeAlgorithmStorageKey } from './themeMode';

const user = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', is_active: true, is_anonymous: false } as CurrentUser;

/** Shows the theme the page is drawn with. */
function ThemeProbe(): JSX.Element {
  const theme = useTheme();
  return <output data-testid="theme-probe" data-algorithm={theme.algorithm} data-surface={theme.colors.surface} />;
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
