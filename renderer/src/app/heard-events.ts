import { useCallback, useEffect, useRef, useState } from 'react'

/** What a service of the typed client offers for listening to one of its events. */
interface Emitter<T> {
  on(event: string, listener: (payload: T) => void): unknown
  off(event: string, listener: (payload: T) => void): unknown
}

export interface HeardEvents<T> {
  /** How many events were heard so far: a change means `take` has something. */
  heard: number
  /** The events heard since the last take, oldest first (each is given once). */
  take: () => T[]
}

/**
 * A service event heard from the moment the signed-in layout mounts, for a part whose code loads
 * only when it is needed (a notice's stack, its texts). Subscribing inside the lazily loaded part
 * instead missed what arrived while its code was loading: a task reminder due at sign-in showed on
 * the bell but never as a notice. The part loads once `heard` is above zero and takes the events.
 */
export function useHeardEvents<T>(service: Emitter<T>, event: string, enabled: boolean): HeardEvents<T> {
  const pending = useRef<T[]>([])
  const [heard, setHeard] = useState(0)
  useEffect(() => {
    if (!enabled) return
    const onEvent = (payload: T) => {
      pending.current.push(payload)
      setHeard((count) => count + 1)
    }
    service.on(event, onEvent)
    return () => void service.off(event, onEvent)
  }, [service, event, enabled])
  const take = useCallback(() => pending.current.splice(0), [])
  return { heard, take }
}
