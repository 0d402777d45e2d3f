/** Currencies a clinic in the markets we serve bills in; the spec's default "sum" is UZS. */
export const currencies = ['UZS', 'RUB', 'KZT', 'EUR', 'USD', 'GBP', 'TRY', 'AED']

/** Every IANA time zone the browser knows, for the company's "today" and "9:00". */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] }
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Asia/Tashkent', 'Europe/Moscow', 'Europe/Helsinki']
}
