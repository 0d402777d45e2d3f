import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isNotAuthenticated } from './errors'

let onNotAuthenticated: () => void = () => undefined

/** The app decides where a 401 in the middle of work leads (spec 2: to logout). */
export function whenNotAuthenticated(handler: () => void) {
  onNotAuthenticated = handler
}

const handle = (error: unknown) => {
  if (isNotAuthenticated(error)) onNotAuthenticated()
}

/**
 * Service events keep caches current (see live.ts), so data is never "stale" by age; a refetch
 * happens on reconnect, when events may have been missed. A 401 from any call (an expired
 * token, a session ended while offline) ends the session like the route guard would.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handle }),
  mutationCache: new MutationCache({ onError: handle }),
  defaultOptions: {
    queries: { staleTime: Infinity, retry: (count, error) => !isNotAuthenticated(error) && count < 1, refetchOnWindowFocus: false, refetchOnReconnect: true },
    mutations: { retry: 0 }
  }
})
