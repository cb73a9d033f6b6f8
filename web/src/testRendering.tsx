import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { JSX, ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '@/components/ToastProvider';
import { buildTheme, type ThemeAlgorithm } from '@/theme/tokens';

/** Renders a component inside the providers every screen has: theme (light unless told), toasts, React Query. */
export function renderWithTheme(element: ReactElement, algorithm: ThemeAlgorithm = 'default'): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A wrapper, so that `rerender` keeps the providers (and the same React Query cache).
  function Providers({ children }: { children: ReactNode }): JSX.Element {
    return (
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={buildTheme(algorithm)}>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    );
  }
  return render(element, { wrapper: Providers });
}
