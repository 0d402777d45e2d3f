import { rawCodes, rawTextIn } from '../e2e/support/raw-text'

// The scanner the Russian screen walk (tests/e2e/ru-screens.spec.ts) trusts: it must see what it looks for.
describe('raw text in a translated screen', () => {
  test('finds i18next keys, record ids and stored codes', () => {
    expect(rawTextIn('Записать booking.findSlot сейчас')).toEqual(['key booking.findSlot'])
    expect(rawTextIn('Пациент 0195f0c2-7a1b-7c3d-9e4f-0123456789ab')).toEqual(['id 0195f0c2-7a1b-7c3d-9e4f-0123456789ab'])
    expect(rawTextIn('Статус: noShow')).toEqual(['code noShow'])
    expect(rawTextIn('Статус: arrived, arrived')).toEqual(['code arrived'])
    expect(rawTextIn('График: {"week":{"1":[{"start":"09:00"}]}}')).toEqual(['json {"week":', 'json {"1":', 'json {"start":'])
  })

  test('leaves names, addresses and Russian text alone', () => {
    expect(rawTextIn('Кабинет Room 3 · admin@demo.clinic · https://clinic.uz · Пришёл, 09:00–10:00')).toEqual([])
    expect(rawTextIn('Конец предложения. Calendar')).toEqual([])
    // The print template editor's variables are the clinic's notation, not missing texts; outside braces they still count.
    expect(rawTextIn('{{company.name}} · {{ appointment.start }} · Дата печати')).toEqual([])
    expect(rawTextIn('{{company.name}} company.name')).toEqual(['key company.name', 'code company'])
  })

  test('knows the codes of every status the screens show', () => {
    for (const code of ['planned', 'completed', 'blacklisted', 'chair', 'waiting', 'appointment']) expect(rawCodes.has(code)).toBe(true)
  })
})
