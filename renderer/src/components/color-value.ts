/** antd's ColorPicker hands back a Color object once touched; the server stores "#rrggbb". */
export function colorValue(value: unknown): string | null {
  if (!value) return null
  if (typeof value === 'string') return value
  const color = value as { toHexString?: () => string }
  return color.toHexString ? color.toHexString().slice(0, 7) : null
}
