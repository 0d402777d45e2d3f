/**
 * The fixed palette a customer's colour is picked from when none is given (spec section 4:
 * 22 hex colours). Light and dark tones alike, so text colour is chosen per colour below.
 */
export const customerPalette = [
  '#f5222d', '#fa541c', '#fa8c16', '#faad14', '#fadb14', '#a0d911', '#52c41a', '#13c2c2',
  '#1677ff', '#2f54eb', '#722ed1', '#eb2f96', '#ffa39e', '#ffd591', '#fff1b8', '#b7eb8f',
  '#87e8de', '#91caff', '#d3adf7', '#ffadd2', '#8c8c8c', '#262626'
] as const

const HEX_COLOR = /^#[0-9a-f]{6}$/i

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value)
}

/** A colour from the palette, at random (`random` is injectable for tests). */
export function randomCustomerColor(random: () => number = Math.random): string {
  const index = Math.min(customerPalette.length - 1, Math.floor(random() * customerPalette.length))
  return customerPalette[index]
}

/** Perceived brightness 0..255 (ITU-R BT.601 weights): 0.299 R + 0.587 G + 0.114 B. */
export function luminance(hex: string): number {
  if (!isHexColor(hex)) throw new Error(`not a #rrggbb colour: ${hex}`)
  const channel = (offset: number) => Number.parseInt(hex.slice(offset, offset + 2), 16)
  return 0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5)
}

/** Text on a coloured background: black when its luminance is at least 165, else white. */
export function textColorOn(hex: string): '#000000' | '#ffffff' {
  return luminance(hex) >= 165 ? '#000000' : '#ffffff'
}
