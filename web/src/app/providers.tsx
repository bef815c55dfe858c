import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/lib/i18n';
import { isApiError, setTokenProvider } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { AuthBootstrap } from '@/features/auth/components/auth-bootstrap';

setTokenProvider(() => useAuthStore.getState().token);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // a 4xx will not change on retry; network and 5xx get two more tries
        retry: (failures, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthBootstrap />
      {children}
    </QueryClientProvider>
  );
}
