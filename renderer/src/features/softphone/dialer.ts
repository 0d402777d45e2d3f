/**
 * Where a click on a patient's phone reaches the softphone (customers/PhoneText.tsx, the platform's
 * `dial`). Kept tiny and free of sip.js: the first screen imports it. The softphone's dock sets
 * the dialer while it is registered and clears it otherwise, so a click falls back to `tel:`.
 */
type Dial = (number: string) => void

let dialer: Dial | null = null

export function setSoftphoneDialer(dial: Dial | null) {
  dialer = dial
}

/** Dials through the softphone when it is registered; false when the caller should fall back. */
export function dialWithSoftphone(number: string): boolean {
  if (!dialer) return false
  dialer(number)
  return true
}
