import { createContext, useContext } from 'react';
import type { ThemeAlgorithm } from './tokens';

export const themeAlgorithmStorageKey = 'quiver.themeAlgorithm';

export interface ThemeModeState {
  algorithm: ThemeAlgorithm;
  toggleDarkMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({
  algorithm: 'default',
  toggleDarkMode: () => undefined,
});

export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}

export function readStoredThemeAlgorithm(storage: Pick<Storage, 'getItem'>): ThemeAlgorithm {
  return storage.getItem(themeAlgorithmStorageKey) === 'dark' ? 'dark' : 'default';
}
