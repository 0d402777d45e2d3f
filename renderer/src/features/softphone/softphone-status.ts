import { useSyncExternalStore } from 'react'
import type { RegistrationState } from './call-state'
import type { RegistrationProblem } from './sip-engine'

/** The registration as the dock last saw it, for the settings screen to show (both in this feature's chunks). */
export interface SoftphoneStatus {
  state: RegistrationState | 'off'
  problem: RegistrationProblem | null
}

let status: SoftphoneStatus = { state: 'off', problem: null }
const listeners = new Set<() => void>()

export function setSoftphoneStatus(next: SoftphoneStatus) {
  status = next
  for (const listener of listeners) listener()
}

export function useSoftphoneStatus(): SoftphoneStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => status
  )
}
