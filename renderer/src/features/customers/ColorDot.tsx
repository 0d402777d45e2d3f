/** The customer's colour as a small dot before the name (the class lives in global.css). */
export function ColorDot({ color }: { color?: string | null }) {
  return <span className="color-dot" style={{ background: color || '#d9d9d9' }} aria-hidden />
}
