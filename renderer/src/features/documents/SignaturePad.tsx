import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react'

/** A stroke as drawn: [x, y, t] points, x and y in CSS pixels of the pad, t in ms since the first point. */
export type SignatureStrokes = [number, number, number][][]

export interface SignaturePadHandle {
  clear(): void
  /** The strokes drawn so far (integers, to keep the call small). */
  strokes(): SignatureStrokes
  /** The signature as a PNG data URL (transparent background). */
  image(): string
}

interface Props {
  /** Called when the pad goes from empty to drawn or back. */
  onDrawnChange?: (drawn: boolean) => void
  height?: number
  ariaLabel: string
}

/**
 * A signature pad with pointer events (mouse, pen and finger alike): draws on a canvas sized to
 * the device's pixel ratio and keeps the strokes as vectors. Hand-written rather than a package:
 * the product needs the points with their times and a PNG, which a canvas gives.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, Props>(function SignaturePad({ onDrawnChange, height = 220, ariaLabel }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const strokes = useRef<SignatureStrokes>([])
  const started = useRef<number | null>(null)
  const drawing = useRef(false)

  const context = () => canvas.current?.getContext('2d') ?? null
  const resize = useCallback(() => {
    const element = canvas.current
    if (!element) return
    const ratio = window.devicePixelRatio || 1
    const { width } = element.getBoundingClientRect()
    element.width = Math.round(width * ratio)
    element.height = Math.round(height * ratio)
    const ctx = element.getContext('2d')
    if (!ctx) return
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.lineWidth = 2.5
    ctx.strokeStyle = '#10239e'
    // Redraw what was drawn (a rotated tablet keeps the signature).
    for (const stroke of strokes.current) {
      ctx.beginPath()
      stroke.forEach(([x, y], index) => (index === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)))
      if (stroke.length === 1) ctx.lineTo(stroke[0][0] + 0.1, stroke[0][1] + 0.1)
      ctx.stroke()
    }
  }, [height])

  useEffect(() => {
    resize()
    window.addEventListener('resize', resize)
    return () => window.removeEventListener('resize', resize)
  }, [resize])

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): [number, number, number] => {
    const box = event.currentTarget.getBoundingClientRect()
    const now = performance.now()
    if (started.current === null) started.current = now
    return [Math.round(event.clientX - box.left), Math.round(event.clientY - box.top), Math.round(now - started.current)]
  }

  useImperativeHandle(ref, () => ({
    clear() {
      strokes.current = []
      started.current = null
      const element = canvas.current
      context()?.clearRect(0, 0, element?.width ?? 0, element?.height ?? 0)
      onDrawnChange?.(false)
    },
    strokes: () => strokes.current.map((stroke) => stroke.map((point) => [...point] as [number, number, number])),
    image: () => canvas.current?.toDataURL('image/png') ?? ''
  }))

  return (
    <canvas
      ref={canvas}
      className="signature-pad"
      role="img"
      aria-label={ariaLabel}
      data-testid="signature-pad"
      style={{ height, width: '100%', touchAction: 'none' }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId)
        drawing.current = true
        const point = pointOf(event)
        const wasEmpty = strokes.current.length === 0
        strokes.current.push([point])
        const ctx = context()
        if (ctx) {
          ctx.beginPath()
          ctx.moveTo(point[0], point[1])
          ctx.lineTo(point[0] + 0.1, point[1] + 0.1)
          ctx.stroke()
        }
        if (wasEmpty) onDrawnChange?.(true)
      }}
      onPointerMove={(event) => {
        if (!drawing.current) return
        const stroke = strokes.current.at(-1)
        if (!stroke) return
        const point = pointOf(event)
        const last = stroke.at(-1)!
        if (last[0] === point[0] && last[1] === point[1]) return
        stroke.push(point)
        const ctx = context()
        if (ctx) {
          ctx.beginPath()
          ctx.moveTo(last[0], last[1])
          ctx.lineTo(point[0], point[1])
          ctx.stroke()
        }
      }}
      onPointerUp={() => (drawing.current = false)}
      onPointerCancel={() => (drawing.current = false)}
    />
  )
})
