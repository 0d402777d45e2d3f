import { paymeHookUrl, paymePatch, validCallbackUrl, validMerchantId } from '../../renderer/src/features/company/payme-settings'

const MERCHANT = '6a1b2c3d4e5f60718293a4b5'

describe('the Payme card of the company profile', () => {
  test('a merchant id is 24 hexadecimal characters', () => {
    expect(validMerchantId(MERCHANT)).toBe(true)
    expect(validMerchantId(` ${MERCHANT.toUpperCase()} `)).toBe(true)
    for (const wrong of ['', '12345', `${MERCHANT}0`, MERCHANT.replace('a', 'g')]) expect(validMerchantId(wrong)).toBe(false)
  })

  test('sends the key only when one was typed, so an empty field keeps the stored key', () => {
    expect(paymePatch({ merchantId: ` ${MERCHANT} `, key: '', testMode: true, callbackUrl: ' https://clinic.example/paid ' })).toEqual({ merchantId: MERCHANT, testMode: true, callbackUrl: 'https://clinic.example/paid' })
    expect(paymePatch({ merchantId: MERCHANT, key: ' secret-key ', testMode: false, callbackUrl: '' })).toEqual({ merchantId: MERCHANT, key: 'secret-key', testMode: false, callbackUrl: '' })
    // No merchant id typed: none sent (the server asks for one when the clinic has no account).
    expect(paymePatch({ merchantId: '  ', key: '', testMode: false, callbackUrl: '' })).toEqual({ testMode: false, callbackUrl: '' })
  })

  test('a return address is empty or https, as the server requires', () => {
    for (const good of ['', '  ', 'https://clinic.example/paid']) expect(validCallbackUrl(good)).toBe(true)
    for (const bad of ['http://clinic.example/paid', 'clinic.example', 'https://a b', 'https://a;b']) expect(validCallbackUrl(bad)).toBe(false)
  })

  test("names the address Payme calls, the server's hook for the merchant", () => {
    expect(paymeHookUrl('https://clinic.example/', MERCHANT)).toBe(`https://clinic.example/hooks/payme/${MERCHANT}`)
  })
})
