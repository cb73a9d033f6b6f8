import { useCallback, useMemo, useState, type JSX, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { ThemeModeContext, readStoredThemeAlgorithm, themeAlgorithmStorageKey, type ThemeModeState } from './themeMode';
import { buildTheme, type ThemeAlgorithm } from './tokens';

/** Light or dark theme, chosen by the header toggle and kept in localStorage. */
export function QuiverThemeProvider({ children }: { children: ReactNode }): JSX.Element {
  const [algorithm, setAlgorithm] = useState<ThemeAlgorithm>(() => readStoredThemeAlgorithm(window.localStorage));
  const theme = useMemo(() => buildTheme(algorithm), [algorithm]);

  const toggleDarkMode = useCallback(() => {
    setAlgorithm((current) => {
      const next: ThemeAlgorithm = current === 'dark' ? 'default' : 'dark';
      window.localStorage.setItem(themeAlgorithmStorageKey, next);
      return next;
    });
  }, []);

  const modeState = useMemo<ThemeModeState>(() => ({ algorithm, toggleDarkMode }), [algorithm, toggleDarkMode]);

  return (
    <ThemeModeContext.Provider value={modeState}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
