import { useSyncExternalStore } from 'react'
import { socket } from './client'

/** What the connection banner shows; `timedOut` maps to 'Socket connection timed out' (spec 8). */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'timedOut'

let state: ConnectionState = socket.connected ? 'connected' : 'connecting'
const listeners = new Set<() => void>()
const set = (next: ConnectionState) => {
  if (next === state) return
  state = next
  listeners.forEach((listener) => listener())
}

socket.on('connect', () => set('connected'))
socket.on('disconnect', () => set('reconnecting'))
socket.on('connect_error', (error: Error) => set(error?.message === 'timeout' ? 'timedOut' : 'reconnecting'))

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => state,
    () => state
  )
}
