import { useEffect } from 'react';

/** The document's title while the page is shown; the previous one comes back when it goes. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
