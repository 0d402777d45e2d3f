import { customerPalette, isHexColor, luminance, randomCustomerColor, textColorOn } from '../../domain/customers/colors'

describe('customer colours', () => {
  it('has a fixed palette of 22 distinct #rrggbb colours', () => {
    expect(customerPalette).toHaveLength(22)
    expect(new Set(customerPalette.map((color) => color.toLowerCase())).size).toBe(22)
    for (const color of customerPalette) expect(isHexColor(color)).toBe(true)
  })

  it('picks from the palette, over its whole range', () => {
    expect(randomCustomerColor(() => 0)).toBe(customerPalette[0])
    expect(randomCustomerColor(() => 0.999999)).toBe(customerPalette[21])
    expect(randomCustomerColor(() => 0.5)).toBe(customerPalette[11])
    // Math.random can return values up to (not including) 1; a 1 must still land in range.
    expect(customerPalette).toContain(randomCustomerColor(() => 1))
  })

  it('weighs channels 0.299 R + 0.587 G + 0.114 B', () => {
    expect(luminance('#000000')).toBe(0)
    expect(luminance('#ffffff')).toBeCloseTo(255)
    expect(luminance('#ff0000')).toBeCloseTo(76.245)
    expect(luminance('#00FF00')).toBeCloseTo(149.685)
    expect(luminance('#0000ff')).toBeCloseTo(29.07)
  })

  it('puts black text on colours of luminance 165 or more, white below', () => {
    expect(textColorOn('#ffffff')).toBe('#000000')
    expect(textColorOn('#000000')).toBe('#ffffff')
    expect(textColorOn('#a5a5a5')).toBe('#000000') // exactly 165
    expect(textColorOn('#a4a4a4')).toBe('#ffffff') // 164
    expect(textColorOn('#00ff00')).toBe('#ffffff') // 149.7
    expect(textColorOn('#fadb14')).toBe('#000000')
    expect(textColorOn('#1677ff')).toBe('#ffffff')
  })

  it('gives both text colours across the palette', () => {
    const texts = new Set(customerPalette.map(textColorOn))
    expect(texts).toEqual(new Set(['#000000', '#ffffff']))
  })

  it('refuses what is not a #rrggbb colour', () => {
    for (const value of ['#fff', 'ffffff', '#gggggg', '', null, 42]) expect(isHexColor(value)).toBe(false)
    expect(() => luminance('#fff')).toThrow()
  })
})
