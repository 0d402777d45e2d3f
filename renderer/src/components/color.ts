/** Spec section 9: text is black when the background's luminance is at least 165, else white. */
export function textColorOn(hex: string): '#000000' | '#ffffff' {
  const value = hex.replace('#', '')
  const full = value.length === 3 ? value.split('').map((c) => c + c).join('') : value
  const r = Number.parseInt(full.slice(0, 2), 16)
  const g = Number.parseInt(full.slice(2, 4), 16)
  const b = Number.parseInt(full.slice(4, 6), 16)
  if ([r, g, b].some(Number.isNaN)) return '#ffffff'
  const luminance = 0.299 * r + 0.587 * g + 0.114 * b
  return luminance >= 165 ? '#000000' : '#ffffff'
}

/** A pleasant default for new team members, so calendars can tell doctors apart. */
export const memberPalette = ['#0b7a75', '#1677ff', '#722ed1', '#eb2f96', '#fa541c', '#faad14', '#52c41a', '#13c2c2', '#2f54eb', '#a0d911']
