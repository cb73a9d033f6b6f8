import { useCallback, useMemo, useState } from 'react';

/** The rows picked for a bulk action, by row key. */
export interface RowSelection {
  selectedKeys: readonly number[];
  isSelected: (key: number) => boolean;
  toggle: (key: number) => void;
  /** Selects or deselects every key given. */
  setAll: (keys: readonly number[], selected: boolean) => void;
  clear: () => void;
}

/** The selection of a list page's rows; keys not among `visibleKeys` (another page) are dropped. */
export function useRowSelection(visibleKeys: readonly number[]): RowSelection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selectedKeys = useMemo(() => visibleKeys.filter((key) => picked.has(key)), [visibleKeys, picked]);
  const isSelected = useCallback((key: number) => picked.has(key), [picked]);
  const toggle = useCallback((key: number) => {
    setPicked((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const setAll = useCallback((keys: readonly number[], selected: boolean) => {
    setPicked((previous) => {
      const next = new Set(previous);
      for (const key of keys) {
        if (selected) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selectedKeys, isSelected, toggle, setAll, clear };
}
