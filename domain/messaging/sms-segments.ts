/**
 * SMS length and segments (3GPP TS 23.038). A text of GSM-7 characters only fits 160 in one
 * message and 153 per part when split; any other character (Cyrillic, most emoji) makes the
 * whole text UCS-2: 70 in one, 67 per part. Characters of the GSM-7 extension table (`{ } [ ] ~
 * \ | ^ €` and form feed) take two septets. UCS-2 counts UTF-16 code units (an emoji outside the
 * Basic Multilingual Plane is two).
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM7_EXTENDED = '\f^{}\\[~]|€'

const basic = new Set([...GSM7_BASIC])
const extended = new Set([...GSM7_EXTENDED])

export type SmsEncoding = 'gsm7' | 'ucs2'

export interface SmsLength {
  encoding: SmsEncoding
  /** Units used: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number
  /** Parts the text is sent as (0 for an empty text). */
  segments: number
  /** Units one part holds at this length (160/153 or 70/67). */
  perSegment: number
  /** Units left in the last part before another part starts. */
  remaining: number
}

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return 'ucs2'
  return 'gsm7'
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text)
  const units = encoding === 'gsm7' ? [...text].reduce((sum, char) => sum + (extended.has(char) ? 2 : 1), 0) : text.length
  const single = encoding === 'gsm7' ? 160 : 70
  const multi = encoding === 'gsm7' ? 153 : 67
  if (units === 0) return { encoding, units, segments: 0, perSegment: single, remaining: single }
  if (units <= single) return { encoding, units, segments: 1, perSegment: single, remaining: single - units }
  const segments = Math.ceil(units / multi)
  return { encoding, units, segments, perSegment: multi, remaining: segments * multi - units }
}
