import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // The API client already re-logs in once on 100000; business errors are final.
      retry: false,
      refetchOnWindowFocus: true,
    },
  },
});
