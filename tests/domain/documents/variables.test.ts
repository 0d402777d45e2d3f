import { documentKinds, documentLanguages } from '../../../domain/documents/kinds'
import { documentLabels } from '../../../domain/documents/labels'
import { shippedTemplate } from '../../../domain/documents/shipped-templates'
import { paragraphsOf } from '../../../domain/documents/template'
import { documentVariables, fillVariables, MISSING_VALUE, teethOf, unknownVariables } from '../../../domain/documents/variables'
import { documentContextSample } from '../../../domain/documents/sample-context'

const NBSP = '\u00a0'

describe('the variable dictionary', () => {
  it('has unique paths, each described in every language with an example', () => {
    const paths = documentVariables.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const entry of documentVariables) {
      for (const language of documentLanguages) expect(entry.description[language].trim()).not.toBe('')
      expect(entry.example).not.toBe('')
    }
  })

  it('fills the patient, the doctor, the clinic and the procedure', () => {
    const context = documentContextSample('ru')
    expect(fillVariables('{{patient.fullName}}, {{ doctor.fullName }}, {{company.name}}, {{branch.name}}, {{procedure.name}}', context)).toBe(
      'Иванова Мария Петровна, Петров Пётр Сергеевич, Smile Dental, Чиланзар, Удаление зуба 38'
    )
  })

  it('writes dates by language on the clinic clock, calendar days as they are', () => {
    const ru = documentContextSample('ru')
    expect(fillVariables('{{today}} {{printedAt}} {{patient.birthdate}}', ru)).toBe('29.11.2026 29.11.2026 14:05 03.12.1988')
    expect(fillVariables('{{todayLong}}', ru)).toBe('29 ноября 2026 г.')
    expect(fillVariables('{{todayLong}}', documentContextSample('uz'))).toBe('2026-yil 29-noyabr')
    expect(fillVariables('{{todayLong}}', documentContextSample('fi'))).toBe('29. marraskuuta 2026')
    expect(fillVariables('{{today}}', documentContextSample('en'))).toBe('29/11/2026')
    // 20:30 UTC is already the next day in Tashkent (UTC+5).
    expect(fillVariables('{{today}}', { ...ru, printedAt: '2026-11-29T20:30:00Z' })).toBe('30.11.2026')
    expect(fillVariables('{{patient.age}}', ru)).toBe('37')
    expect(fillVariables('{{patient.age}}', { ...ru, printedAt: '2026-12-03T00:00:00Z' })).toBe('38')
  })

  it('writes amounts as money of the currency and in words', () => {
    const ru = documentContextSample('ru')
    expect(fillVariables('{{invoice.total}}', ru)).toBe(`1${NBSP}650${NBSP}000,00${NBSP}сум`)
    expect(fillVariables('{{invoice.totalInWords}}', ru)).toBe('один миллион шестьсот пятьдесят тысяч сумов 00 тийинов')
    expect(fillVariables('{{plan.totalInWords}}', documentContextSample('uz'))).toBe('uch million toʻqqiz yuz yigirma bir ming bir yuz yigirma besh soʻm 00 tiyin')
    expect(fillVariables('{{invoice.due}}', documentContextSample('uz'))).toBe(`650${NBSP}000,00${NBSP}soʻm`)
    expect(fillVariables('{{payment.amount}}', documentContextSample('en'))).toBe(`UZS${NBSP}1,000,000.00`)
    expect(fillVariables('{{payment.amount}}', { ...documentContextSample('en'), currency: 'USD' })).toBe('$1,000,000.00')
    expect(fillVariables('{{payment.amount}}', { ...documentContextSample('fi'), currency: 'EUR' })).toBe(`1${NBSP}000${NBSP}000,00${NBSP}€`)
  })

  it('names the teeth and the main diagnosis', () => {
    const context = documentContextSample('ru')
    expect(fillVariables('{{teeth}}', context)).toBe('46')
    expect(fillVariables('{{teeth}}', { ...context, labOrder: undefined })).toBe('36, 37')
    expect(fillVariables('{{diagnosis}}', context)).toBe('K08.1 Потеря зубов вследствие несчастного случая, удаления или локализованного пародонтита (18, 48)')
    expect(teethOf(['36 MO, 37', '11', undefined, '37'])).toBe('11, 36, 37')
  })

  it('prints a line to fill in by hand for a known variable the context lacks', () => {
    const context = { ...documentContextSample('ru'), procedure: undefined, patient: undefined }
    expect(fillVariables('«{{procedure.name}}», {{patient.fullName}}', context)).toBe(`«${MISSING_VALUE}», ${MISSING_VALUE}`)
  })

  it('leaves unknown variables visible and reports each once', () => {
    const text = 'Hello {{patient.fullName}} {{patient.shoeSize}} {{ nope }} {{patient.shoeSize}}'
    expect(fillVariables(text, documentContextSample('en'))).toBe('Hello Mary Smith {{patient.shoeSize}} {{ nope }} {{patient.shoeSize}}')
    expect(unknownVariables(text)).toEqual(['patient.shoeSize', 'nope'])
    expect(unknownVariables('no variables')).toEqual([])
  })
})

describe('the shipped templates', () => {
  it('exist for every kind and language and use only known variables', () => {
    for (const kind of documentKinds) {
      for (const language of documentLanguages) {
        const texts = shippedTemplate(kind, language)
        expect(texts.title.trim()).not.toBe('')
        expect(texts.signatures.length).toBeGreaterThan(0)
        const all = [texts.title, texts.intro, texts.closing, ...texts.signatures].join('\n')
        expect({ kind, language, unknown: unknownVariables(all) }).toEqual({ kind, language, unknown: [] })
      }
    }
  })

  it('write Uzbek with the modifier letters, never an ASCII apostrophe', () => {
    for (const kind of documentKinds) {
      const texts = shippedTemplate(kind, 'uz')
      const all = [texts.title, texts.intro, texts.closing, ...texts.signatures].join('\n')
      expect(all).not.toMatch(/[a-z]['‘’`]/i)
    }
    const labels = Object.values(documentLabels.uz).filter((value): value is string => typeof value === 'string')
    for (const label of labels) expect(label).not.toMatch(/[a-z]['‘’`]/i)
  })

  it('give a fresh copy the editor may change', () => {
    const texts = shippedTemplate('consent', 'ru')
    texts.signatures.push('x')
    expect(shippedTemplate('consent', 'ru').signatures).not.toContain('x')
  })

  it('split paragraphs on blank lines', () => {
    expect(paragraphsOf('one\nline\n\n  two  \n \n\n')).toEqual(['one\nline', 'two'])
  })

  it('label every fixed part in every language', () => {
    for (const language of documentLanguages) {
      for (const [key, value] of Object.entries(documentLabels[language])) {
        if (typeof value === 'string') expect({ key, empty: value.trim() === '' }).toEqual({ key, empty: false })
      }
    }
  })
})
