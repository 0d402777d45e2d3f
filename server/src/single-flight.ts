/**
 * Shares one run of a read among the calls that ask for the same key of the same scope while it
 * runs: the first call starts it, the others get its promise. Once it settles, resolved or
 * rejected, nothing is kept, so the next call reads afresh and never sees a stale answer. Scopes
 * are held weakly (a database handle, a caller's identity object), so a scope that is gone takes
 * its entries with it. Used by the identity read (access/identity.ts) and the patient visibility
 * check (hooks/customer-visibility.ts).
 */
export function singleFlight<T>(): (scope: object, key: string, read: () => Promise<T>) => Promise<T> {
  const inFlight = new WeakMap<object, Map<string, Promise<T>>>()
  return (scope, key, read) => {
    const running = inFlight.get(scope) ?? new Map<string, Promise<T>>()
    inFlight.set(scope, running)
    const shared = running.get(key)
    if (shared) return shared
    const started = read().finally(() => running.delete(key))
    running.set(key, started)
    return started
  }
}
