import { useEffect, useState } from 'react'
import { loadTextArea } from '.'
import type { TextAreaName } from './text-areas'

/**
 * Loads an area's texts (text-areas.ts) for a component that other screens show (a print button
 * on an invoice, "My tasks" on the home screen): true once they are there. The component shows
 * nothing of its area until then (tests/renderer/text-areas.test.ts holds it to that).
 */
export function useTextArea(area: TextAreaName): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void loadTextArea(area).then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [area])
  return ready
}
