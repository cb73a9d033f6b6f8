import { createContext, useContext } from 'react';
import type { ThemeAlgorithm } from './tokens';

export const themeAlgorithmStorageKey = 'quiver.themeAlgorithm';
export const themeCompactStorageKey = 'quiver.themeCompact';

export interface ThemeModeState {
  algorithm: ThemeAlgorithm;
  isCompact: boolean;
  toggleDarkMode: () => void;
  toggleCompactMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({
  algorithm: 'default',
  isCompact: false,
  toggleDarkMode: () => undefined,
  toggleCompactMode: () => undefined,
});

export function useThemeMode(): ThemeModeState {
  return useContext(ThemeModeContext);
}

export function readStoredThemeAlgorithm(storage: Pick<Storage, 'getItem'>): ThemeAlgorithm {
  return storage.getItem(themeAlgorithmStorageKey) === 'dark' ? 'dark' : 'default';
}

export function readStoredCompactMode(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(themeCompactStorageKey) === 'true';
}
