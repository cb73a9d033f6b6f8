import { useCallback, useMemo, useState, type JSX, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import {
  ThemeModeContext,
  readStoredCompactMode,
  readStoredFunkyMode,
  readStoredThemeAlgorithm,
  themeAlgorithmStorageKey,
  themeCompactStorageKey,
  themeFunkyStorageKey,
  type ThemeModeState,
} from './themeMode';
import { buildNamedTheme, type ThemeAlgorithm, type ThemeName } from './tokens';

/** The named theme of the header's choices: funky is a light theme, so dark mode wins over it. */
function chosenThemeName(algorithm: ThemeAlgorithm, isFunky: boolean): ThemeName {
  if (algorithm === 'dark') return 'dark';
  return isFunky ? 'funky' : 'superset';
}

/** The superset, dark or funky theme, compact or not, chosen in the header and kept in localStorage. */
export function QuiverThemeProvider({ children }: { children: ReactNode }): JSX.Element {
  const [algorithm, setAlgorithm] = useState<ThemeAlgorithm>(() => readStoredThemeAlgorithm(window.localStorage));
  const [isCompact, setIsCompact] = useState(() => readStoredCompactMode(window.localStorage));
  const [isFunkyChosen, setIsFunky] = useState(() => readStoredFunkyMode(window.localStorage));
  const isFunky = isFunkyChosen && algorithm !== 'dark';
  const theme = useMemo(() => buildNamedTheme(chosenThemeName(algorithm, isFunky), isCompact), [algorithm, isFunky, isCompact]);

  const storeFunky = useCallback((next: boolean) => {
    window.localStorage.setItem(themeFunkyStorageKey, String(next));
    setIsFunky(next);
  }, []);

  const storeAlgorithm = useCallback((next: ThemeAlgorithm) => {
    window.localStorage.setItem(themeAlgorithmStorageKey, next);
    setAlgorithm(next);
  }, []);

  const toggleDarkMode = useCallback(() => {
    const next: ThemeAlgorithm = algorithm === 'dark' ? 'default' : 'dark';
    storeAlgorithm(next);
    if (next === 'dark') storeFunky(false);
  }, [algorithm, storeAlgorithm, storeFunky]);

  const toggleFunkyMode = useCallback(() => {
    const next = !isFunky;
    storeFunky(next);
    if (next) storeAlgorithm('default');
  }, [isFunky, storeAlgorithm, storeFunky]);

  const toggleCompactMode = useCallback(() => {
    setIsCompact((current) => {
      window.localStorage.setItem(themeCompactStorageKey, String(!current));
      return !current;
    });
  }, []);

  const modeState = useMemo<ThemeModeState>(
    () => ({ algorithm, isCompact, isFunky, toggleDarkMode, toggleCompactMode, toggleFunkyMode }),
    [algorithm, isCompact, isFunky, toggleDarkMode, toggleCompactMode, toggleFunkyMode],
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
