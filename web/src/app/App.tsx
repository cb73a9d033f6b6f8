import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type JSX } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from '@/api/errors';
import { ToastProvider } from '@/components/ToastProvider';
import { logChartLoads } from '@/features/chart/chartLoadLog';
import { QuiverThemeProvider } from '@/theme/QuiverThemeProvider';
import { createAppRouter } from './router';

/** Only a failure without an answer or a 5xx is worth one more try. */
function isWorthRetrying(failureCount: number, error: Error): boolean {
  const isClientError = error instanceof ApiError && error.status !== null && error.status < 500;
  return failureCount < 1 && !isClientError;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: isWorthRetrying } },
  });
}

export function App(): JSX.Element {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // Chart loads, their failures ('timeout' among them) and stops go to the activity log.
  useEffect(() => logChartLoads(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <QuiverThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QuiverThemeProvider>
    </QueryClientProvider>
  );
}
