import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after its last change: `"abc"` typed quickly gives one `"abc"`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debouncedValue, setDebouncedValue] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebouncedValue(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return debouncedValue;
}
