import { useCallback, useMemo, useState, type JSX, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import {
  ThemeModeContext,
  readStoredCompactMode,
  readStoredThemeAlgorithm,
  themeAlgorithmStorageKey,
  themeCompactStorageKey,
  type ThemeModeState,
} from './themeMode';
import { buildTheme, type ThemeAlgorithm } from './tokens';

/** Light or dark theme, compact or not, chosen in the header and kept in localStorage. */
export function QuiverThemeProvider({ children }: { children: ReactNode }): JSX.Element {
  const [algorithm, setAlgorithm] = useState<ThemeAlgorithm>(() => readStoredThemeAlgorithm(window.localStorage));
  const [isCompact, setIsCompact] = useState(() => readStoredCompactMode(window.localStorage));
  const theme = useMemo(() => buildTheme(algorithm, isCompact), [algorithm, isCompact]);

  const toggleDarkMode = useCallback(() => {
    setAlgorithm((current) => {
      const next: ThemeAlgorithm = current === 'dark' ? 'default' : 'dark';
      window.localStorage.setItem(themeAlgorithmStorageKey, next);
      return next;
    });
  }, []);

  const toggleCompactMode = useCallback(() => {
    setIsCompact((current) => {
      window.localStorage.setItem(themeCompactStorageKey, String(!current));
      return !current;
    });
  }, []);

  const modeState = useMemo<ThemeModeState>(
    () => ({ algorithm, isCompact, toggleDarkMode, toggleCompactMode }),
    [algorithm, isCompact, toggleDarkMode, toggleCompactMode],
  );

  return (
    <ThemeModeContext.Provider value={modeState}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
