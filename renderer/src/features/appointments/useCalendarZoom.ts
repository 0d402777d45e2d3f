import { useCallback, useState } from 'react'
import { MAX_ZOOM, MIN_ZOOM } from './calendar-model'

const ZOOM_STORAGE_KEY = 'calendarZoom'

function stored(): number | null {
  try {
    const value = Number(localStorage.getItem(ZOOM_STORAGE_KEY))
    return localStorage.getItem(ZOOM_STORAGE_KEY) !== null && Number.isInteger(value) && value >= MIN_ZOOM && value <= MAX_ZOOM ? value : null
  } catch {
    return null
  }
}

/**
 * The calendar's zoom on this device: the company's setting until the person zooms, then theirs
 * (a reception screen and a doctor's laptop want different densities). Remembered in localStorage.
 */
export function useCalendarZoom(companyZoom: number) {
  const [own, setOwn] = useState<number | null>(stored)
  const zoom = own ?? companyZoom
  const change = useCallback(
    (step: 1 | -1) => {
      const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom + step))
      setOwn(next)
      try {
        localStorage.setItem(ZOOM_STORAGE_KEY, String(next))
      } catch {
        // Private mode or a full storage: the zoom lasts for this visit only.
      }
    },
    [zoom]
  )
  return { zoom, zoomIn: () => change(1), zoomOut: () => change(-1), canZoomIn: zoom < MAX_ZOOM, canZoomOut: zoom > MIN_ZOOM }
}
