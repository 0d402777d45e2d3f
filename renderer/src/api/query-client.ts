import { QueryClient } from '@tanstack/react-query'

/**
 * Service events keep caches current (see live.ts), so data is never "stale" by age; a refetch
 * happens on reconnect, when events may have been missed.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, retry: 1, refetchOnWindowFocus: false, refetchOnReconnect: true },
    mutations: { retry: 0 }
  }
})
