import { useSyncExternalStore } from 'react'
import { client } from './client'
import { BRANCH_STORAGE_KEY } from './constants'
import { preferences } from './storage'
import { queryClient } from './query-client'

/**
 * Current branch (spec sections 4 and 9): kept in state and in local storage under
 * `currentBrachCompanyId` (the spec's spelling, kept for compatibility); empty removes it.
 * The client fills it into every create.
 */
const listeners = new Set<() => void>()

export function currentBranchId(): string | null {
  return preferences.get(BRANCH_STORAGE_KEY)
}

export function setCurrentBranch(id: string | null | undefined) {
  const changed = (id || null) !== currentBranchId()
  preferences.set(BRANCH_STORAGE_KEY, id || null)
  client.set('currentBranchId', id || null)
  listeners.forEach((listener) => listener())
  // Branch-scoped lists (appointments, customers…) must show the new branch's records.
  if (changed) void queryClient.invalidateQueries()
}

/** After sign-in: keep the stored branch if the person still works there, else their first. */
export function chooseBranch(allowed: string[]) {
  const stored = currentBranchId()
  setCurrentBranch(stored && allowed.includes(stored) ? stored : (allowed[0] ?? null))
}

export function useCurrentBranch(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    currentBranchId,
    currentBranchId
  )
}
