/**
 * Typed major units to integer minor units, exactly: the digits are read as text, never through a
 * float ("1 500,5" → 150050, "0.1" → 10). Anything else (three decimals, letters, a sign) is
 * undefined, and the form says so at the field.
 */
export function parseMinor(typed: string | number | null | undefined): number | undefined {
  if (typed === null || typed === undefined) return undefined
  const text = String(typed).replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text)
  if (!match) return undefined
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(minor) ? minor : undefined
}

/** Minor units as the form shows them to edit: 150050 → "1500.50" (the decimal mark of the language). */
export function minorToInput(minor: number, comma: boolean): string {
  const whole = (minor - (minor % 100)) / 100
  const cents = String(minor % 100).padStart(2, '0')
  return `${whole}${comma ? ',' : '.'}${cents}`
}
