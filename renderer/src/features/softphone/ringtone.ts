/**
 * The ring of an incoming call, drawn with Web Audio (no sound file to ship): 425 Hz, the CIS
 * telephone tone, a second on and three off, quietly. Browsers may keep audio off until the
 * page was clicked; then the call rings silently and the toast alone announces it.
 */
export function startRinging(): () => void {
  let context: AudioContext | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  try {
    context = new AudioContext()
    const ring = () => {
      if (!context || context.state === 'closed') return
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.frequency.value = 425
      gain.gain.value = 0.08
      oscillator.connect(gain).connect(context.destination)
      oscillator.start()
      oscillator.stop(context.currentTime + 1)
    }
    ring()
    timer = setInterval(ring, 4000)
  } catch {
    // No Web Audio here: the toast still shows.
  }
  return () => {
    if (timer) clearInterval(timer)
    void context?.close().catch(() => undefined)
  }
}
