import { CSV_BOM, csvField, csvMoney, toCsv } from '../../renderer/src/features/reports/csv'

describe('report CSV', () => {
  it('starts with a byte order mark, separates by semicolons, ends lines with CRLF', () => {
    const text = toCsv([['День', 'Получено'], ['2026-11-10', '1500.50']])
    expect(text.startsWith(CSV_BOM)).toBe(true)
    expect(text).toBe('\uFEFFДень;Получено\r\n2026-11-10;1500.50\r\n')
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  })

  it('quotes fields holding a separator, a quote or a line break', () => {
    expect(csvField('ООО "Зуб"; филиал')).toBe('"ООО ""Зуб""; филиал"')
    expect(csvField('две\nстроки')).toBe('"две\nстроки"')
    expect(csvField(12)).toBe('12')
  })

  it('writes minor units as major units with two decimals, without floats', () => {
    expect([csvMoney(150050), csvMoney(5), csvMoney(0), csvMoney(-1000), csvMoney(9_007_199_254_740_991)]).toEqual(['1500.50', '0.05', '0.00', '-10.00', '90071992547409.91'])
  })
})
