import { useEffect, useState } from 'react';
import { loadedQuiverCore, loadQuiverCore, type QuiverCore } from './core';

/** The Wasm core once loaded (null until then), for components that call it while rendering. */
export function useQuiverCore(): QuiverCore | null {
  const [core, setCore] = useState<QuiverCore | null>(loadedQuiverCore);

  useEffect(() => {
    if (core !== null) return;
    let isMounted = true;
    loadQuiverCore().then(
      (loaded) => {
        if (isMounted) setCore(loaded);
      },
      (error: unknown) => {
        console.warn('quiver core load failed', error);
      },
    );
    return () => {
      isMounted = false;
    };
  }, [core]);

  return core;
}
