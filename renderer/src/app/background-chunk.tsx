import { lazy, type ComponentType } from 'react'
import { socket } from '../api/client'

/**
 * `lazy` for a part that works in the background or on an event (the layout's listeners, the
 * softphone dock, the home screen's cards, a notice's stack): should its code fail to load (the
 * connection dropped just after sign-in), the part stays unshown (its Suspense fallback) and the
 * load is tried again once the socket is connected again, instead of the failure reaching the
 * route's error screen, which reloads a page that cannot load.
 */
export function lazyInBackground<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazy(async () => {
    for (;;) {
      try {
        return await load()
      } catch {
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      }
    }
  })
}
