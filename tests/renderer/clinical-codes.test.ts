import i18next, { type TFunction } from 'i18next'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'
import { isShipped, problemText, titleIn, titleValues } from '../../renderer/src/features/clinical-codes/code-titles'
import { shippedIcdCodes } from '../../domain/clinical/codes/icd10-dental'

async function translator(language: string): Promise<TFunction> {
  const instance = i18next.createInstance()
  await instance.init({ lng: language, fallbackLng: 'en', resources: { en: { translation: en }, ru: { translation: ru } }, interpolation: { escapeValue: false } })
  return instance.t
}

/** The ICD-10 and complaints screens' helpers: import problems in words, titles per locale. */
describe('clinical code screens', () => {
  it('tells an import problem as line, message and column, in Russian without codes', async () => {
    const t = await translator('ru')
    expect(problemText(t, { line: 3, code: 'code-taken', column: 'code' })).toBe('Строка 3: Такой код уже есть в списке (код)')
    expect(problemText(t, { line: 6, code: 'title-required', column: 'ru|en|uz|fi' })).toBe('Строка 6: Введите название хотя бы на одном языке (Русский / Английский / Узбекский / Финский)')
    expect(problemText(t, { line: 4, code: 'icd-code-unknown', column: 'icd' })).toBe('Строка 4: Такого кода МКБ-10 нет (коды МКБ-10)')
  })

  it('shows every shipped code in each locale, Finnish subcategories in English', () => {
    const k021 = shippedIcdCodes.find((entry) => entry.code === 'K02.1')!
    expect(['ru', 'ru1', 'en', 'uz', 'fi'].map((locale) => titleIn(k021.titles, locale))).toEqual(['Кариес дентина', 'Кариес дентина', 'Caries of dentine', 'Dentin kariyesi', 'Caries of dentine'])
    for (const entry of shippedIcdCodes) for (const locale of ['ru', 'en', 'uz', 'fi']) expect(titleIn(entry.titles, locale)).not.toBe('')
  })

  it('starts a form with every language, blank where the record has none', () => {
    expect(titleValues({ ru: 'Боль' })).toEqual({ ru: 'Боль', en: '', uz: '', fi: '' })
    expect(titleValues(undefined)).toEqual({ ru: '', en: '', uz: '', fi: '' })
    expect(isShipped({ companyId: null })).toBe(true)
    expect(isShipped({ companyId: '0195d1c0-0000-7000-8000-000000000001' })).toBe(false)
  })
})
