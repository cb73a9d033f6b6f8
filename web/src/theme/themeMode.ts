import { createContext, useContext } from 'react';
import type { ThemeAlgorithm } from './tokens';

export const themeAlgorithmStorageKey = 'quiver.themeAlgorithm';
export const themeCompactStorageKey = 'quiver.themeCompact';
export const themeFunkyStorageKey = 'quiver.themeFunky';

export interface ThemeModeState {
  algorithm: ThemeAlgorithm;
  isCompact: boolean;
  /** The funky theme (a light one): turning it on leaves dark mode, turning dark mode on leaves it. */
  isFunky: boolean;
  toggleDarkMode: () => void;
  toggleCompactMode: () => void;
  toggleFunkyMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({
  algorithm: 'default',
  isCompact: false,
  isFunky: false,
  toggleDarkMode: () => undefined,
  toggleCompactMode: () => undefined,
  toggleFunkyMode: () => undefined,
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

export function readStoredFunkyMode(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(themeFunkyStorageKey) === 'true';
}
