/** A call's length as m:ss (or h:mm:ss), as phones show it. */
export function callDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The tag colour of the spec's call states. */
export const callStateColor = { waiting: 'gold', 'not-accepted': 'red', started: 'green' } as const
