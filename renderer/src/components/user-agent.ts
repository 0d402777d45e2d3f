/** A short human name for a session's device, e.g. "Chrome on Windows". Good enough to recognise. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? ''
  if (!ua) return '—'
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Electron\//.test(ua)
        ? 'Desktop app'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /(Chrome|Chromium|HeadlessChrome)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /node|undici|socket\.io/i.test(ua)
                ? 'Script'
                : ua.split(/[ /]/)[0]
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : ''
  return system ? `${browser} · ${system}` : browser
}
