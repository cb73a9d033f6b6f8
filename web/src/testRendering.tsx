import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '@/components/ToastProvider';
import { buildTheme, type ThemeAlgorithm } from '@/theme/tokens';

/** Renders a component inside the providers every screen has: theme (light unless told), toasts, React Query. */
export function renderWithTheme(element: ReactElement, algorithm: ThemeAlgorithm = 'default'): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={buildTheme(algorithm)}>
        <ToastProvider>{element}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
