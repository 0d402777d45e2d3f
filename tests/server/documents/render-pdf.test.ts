import { createHash } from 'node:crypto'
import type { DocumentContext } from '../../../domain/documents/context'
import { documentKinds, type DocumentKind, type DocumentLanguage, type ReceiptPaper } from '../../../domain/documents/kinds'
import { shippedTemplate } from '../../../domain/documents/shipped-templates'
import type { DocumentTemplateTexts } from '../../../domain/documents/template'
import { renderDocumentPdf } from '../../../server/src/documents/render-pdf'
import { documentContextSample } from '../../../domain/documents/sample-context'
import { pageSizes, readPdfs, spaced } from '../support/pdf-reader'

jest.setTimeout(120_000)

interface Case {
  kind: DocumentKind
  language: DocumentLanguage
  change?: Partial<DocumentContext>
  texts?: DocumentTemplateTexts
  paper?: ReceiptPaper
}

interface Rendered {
  pdf: Buffer
  text: string
  title: string | null
}

const render = (c: Case) => renderDocumentPdf(c.kind, documentContextSample(c.language, c.change), c.texts ?? shippedTemplate(c.kind, c.language), { paper: c.paper })

const editedTexts: DocumentTemplateTexts = {
  title: 'Справка для {{patient.lastName}}',
  intro: 'Первый абзац {{patient.shoeSize}}.\n\nВторой абзац, {{company.phone}}.',
  closing: '',
  signatures: ['Главный врач']
}

const withPrimaryTeeth = (): Partial<DocumentContext> => ({ medicalCard: { ...documentContextSample('ru').medicalCard!, formula: { '55': 'C', '36': 'C' } } })

/** Every document the tests read, rendered and parsed once (one pdf-parse process for all). */
const cases: Record<string, Case> = {
  ...Object.fromEntries((['ru', 'uz'] as const).flatMap((language) => documentKinds.map((kind) => [`${kind}-${language}`, { kind, language }]))),
  'receipt-80mm': { kind: 'receipt', language: 'ru', paper: '80mm' },
  'receipt-58mm': { kind: 'receipt', language: 'ru', paper: '58mm' },
  'card-primary': { kind: 'medical-card-043', language: 'ru', change: withPrimaryTeeth() },
  'invoice-en': { kind: 'invoice', language: 'en' },
  'consent-edited': { kind: 'consent', language: 'ru', texts: editedTexts },
  ...Object.fromEntries(
    (['ru', 'uz', 'en', 'fi'] as const).flatMap((language) => [
      [`receipt-copy-${language}`, { kind: 'receipt', language, change: { copy: true } }],
      [`invoice-copy-${language}`, { kind: 'invoice', language, change: { copy: true } }],
      [`invoice-${language}-original`, { kind: 'invoice', language }]
    ])
  )
}

const rendered = new Map<string, Rendered>()

beforeAll(async () => {
  const keys = Object.keys(cases)
  const pdfs: Buffer[] = []
  for (const key of keys) pdfs.push(await render(cases[key]))
  const readings = await readPdfs(pdfs)
  keys.forEach((key, index) => rendered.set(key, { pdf: pdfs[index], text: spaced(readings[index].text), title: readings[index].title }))
})

const get = (key: string): Rendered => {
  const found = rendered.get(key)
  if (!found) throw new Error(`not rendered: ${key}`)
  return found
}

/** What each kind must print of the fixture, in the language's words. */
const expected: Record<DocumentKind, (language: 'ru' | 'uz') => string[]> = {
  receipt: (l) => ['000456', l === 'ru' ? 'Итого 1 000 000,00 сум' : 'Jami 1 000 000,00 soʻm', l === 'ru' ? 'Один миллион сумов 00 тийинов' : 'Bir million soʻm 00 tiyin', '36 MO'],
  invoice: (l) => [
    'CH-000123',
    '36 MO',
    '37',
    '1 650 000,00',
    l === 'ru' ? 'К оплате 650 000,00 сум' : 'Toʻlanishi kerak 650 000,00 soʻm',
    l === 'ru' ? 'Один миллион шестьсот пятьдесят тысяч сумов 00 тийинов' : 'Bir million olti yuz ellik ming soʻm 00 tiyin'
  ],
  act: (l) => ['CH-000123', '36 MO', l === 'ru' ? 'Итого 1 650 000,00 сум' : 'Jami 1 650 000,00 soʻm', l === 'ru' ? 'один миллион шестьсот пятьдесят тысяч сумов 00 тийинов' : 'bir million olti yuz ellik ming soʻm 00 tiyin'],
  'treatment-plan': (l) => [
    l === 'ru' ? 'Этап 1. Санация' : '1-bosqich. Sanatsiya',
    l === 'ru' ? 'Этап 2. Протезирование' : '2-bosqich. Protezlash',
    '36 MO',
    '46',
    '1 627 500,00',
    '3 921 125,00',
    l === 'ru' ? 'Три миллиона девятьсот двадцать одна тысяча сто двадцать пять сумов 00 тийинов' : 'Uch million toʻqqiz yuz yigirma bir ming bir yuz yigirma besh soʻm 00 tiyin',
    l === 'ru' ? 'вариант Б' : 'B varianti'
  ],
  consent: (l) => [
    l === 'ru' ? 'Информированное добровольное согласие' : 'ongli ixtiyoriy rozilik',
    l === 'ru' ? 'Удаление зуба 38' : 'tishni olib tashlash',
    '03.12.1988',
    l === 'ru' ? 'Возможные риски и осложнения' : 'Ehtimoliy xavf va asoratlar',
    l === 'ru' ? 'альвеолит' : 'alveolit'
  ],
  refusal: (l) => [l === 'ru' ? 'Отказ от медицинского вмешательства' : 'Tibbiy aralashuvdan voz kechish', l === 'ru' ? 'Удаление зуба 38' : 'tishni olib tashlash'],
  contract: (l) => ['CH-000123', '36 MO', '1 650 000,00', l === 'ru' ? 'один миллион шестьсот пятьдесят тысяч сумов 00 тийинов' : 'bir million olti yuz ellik ming soʻm 00 tiyin', '301234567'],
  'medical-card-043': (l) => [
    '1024',
    l === 'ru' ? '043/у' : '043/u',
    '18 17 16 15 14 13 12 11 21 22 23 24 25 26 27 28',
    '48 47 46 45 44 43 42 41 31 32 33 34 35 36 37 38',
    'K02.1',
    'K04.0',
    'K08.1',
    l === 'ru' ? 'Кариес дентина' : 'Dentin kariesi',
    'AA 1234567',
    '03.12.2026'
  ],
  'daily-log-037': (l) => [l === 'ru' ? '037/у-88' : '037/u-88', '09:00', '10:30', 'K02.1', '7,5', '1201'],
  'lab-order': (l) => [l === 'ru' ? 'Заказ-наряд' : 'buyurtma-naryad', 'A2', '46', '06.12.2026']
}

describe('renderDocumentPdf', () => {
  for (const language of ['ru', 'uz'] as const) {
    for (const kind of documentKinds) {
      it(`renders ${kind} in ${language} with the patient, the teeth, the codes and the totals`, () => {
        const { pdf, text } = get(`${kind}-${language}`)
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
        expect(text).toContain(documentContextSample(language).patient!.fullName)
        for (const piece of expected[kind](language)) expect(text).toContain(spaced(piece))
        // No variable was left unfilled.
        expect(text).not.toMatch(/\{\{/)
      })
    }
  }

  it('prints the risks of the procedure on the consent, not on the refusal', () => {
    expect(get('refusal-ru').text).not.toContain('альвеолит')
  })

  it('prints the 043/у formula with the form letters in Russian and the chart codes elsewhere', () => {
    expect(get('medical-card-043-ru').text).toContain('П С')
    expect(get('medical-card-043-ru').text).toContain('С — кариес')
    expect(get('medical-card-043-uz').text).toContain('Pl C')
    expect(get('medical-card-043-uz').text).toContain('TM2')
  })

  it('adds the primary teeth to the formula when any is charted', () => {
    expect(get('card-primary').text).toContain('55 54 53 52 51 61 62 63 64 65')
    expect(get('card-primary').text).toContain('85 84 83 82 81 71 72 73 74 75')
    expect(get('medical-card-043-ru').text).not.toContain('55 54 53')
  })

  it('prints the receipt on 80 mm and 58 mm paper, as tall as its content', () => {
    for (const [key, width] of [
      ['receipt-80mm', 226.77],
      ['receipt-58mm', 164.41]
    ] as const) {
      const sizes = pageSizes(get(key).pdf)
      expect(sizes).toHaveLength(1)
      expect(sizes[0][0]).toBeCloseTo(width, 1)
      expect(sizes[0][1]).toBeGreaterThan(150)
      expect(sizes[0][1]).toBeLessThan(842)
      expect(get(key).text).toContain('Итого')
    }
  })

  it('prints the other kinds on A4, the daily log in landscape', () => {
    const invoice = pageSizes(get('invoice-ru').pdf)
    expect(invoice[0][0]).toBeCloseTo(595.28, 1)
    expect(invoice[0][1]).toBeCloseTo(841.89, 1)
    expect(pageSizes(get('daily-log-037-ru').pdf)[0][0]).toBeCloseTo(841.89, 1)
  })

  it('marks a reprint as a copy in its language', () => {
    const marks = { ru: 'КОПИЯ', uz: 'NUSXA', en: 'COPY', fi: 'KOPIO' } as const
    for (const [language, mark] of Object.entries(marks)) {
      expect(get(`receipt-copy-${language}`).text).toContain(mark)
      expect(get(`invoice-copy-${language}`).text).toContain(mark)
      expect(get(`invoice-${language}-original`).text).not.toContain(mark)
    }
  })

  it('gives identical bytes for identical input, other bytes for another print time', async () => {
    const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex')
    expect(sha(await render({ kind: 'medical-card-043', language: 'uz' }))).toBe(sha(get('medical-card-043-uz').pdf))
    expect((await render({ kind: 'receipt', language: 'ru', paper: '58mm' })).equals(get('receipt-58mm').pdf)).toBe(true)
    const later = await render({ kind: 'medical-card-043', language: 'uz', change: { printedAt: '2026-11-29T09:06:00Z' } })
    expect(sha(later)).not.toBe(sha(get('medical-card-043-uz').pdf))
  })

  it('sets the PDF title and creation date from the texts and printedAt', () => {
    const { pdf, title } = get('invoice-en')
    const raw = pdf.toString('latin1')
    expect(raw).toMatch(/\/CreationDate \d+ 0 R/)
    expect(raw).toContain('(D:20261129090500Z)')
    expect(title).toBe('Invoice No. CH-000123 of 29/11/2026')
  })

  it('embeds DejaVu Sans, which carries Cyrillic and the Uzbek ʻ and ʼ', () => {
    const { pdf, text } = get('consent-uz')
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/)
    expect(text).toContain('Toʻxtayeva')
    expect(text).toContain('sogʻligʻim')
    expect(text).toContain('maʼlumotlarni')
  })

  it('prints the texts the clinic edited, unknown variables left visible', () => {
    const { text } = get('consent-edited')
    expect(text).toContain('Справка для Иванова')
    expect(text).toContain('Первый абзац {{patient.shoeSize}}.')
    expect(text).toContain('Второй абзац, +998 71 200 00 00.')
    expect(text).toContain('Главный врач')
  })

  it('renders with the optional parts missing', async () => {
    const bare: Partial<DocumentContext> = {
      branch: undefined,
      patient: undefined,
      doctor: undefined,
      plan: undefined,
      invoice: undefined,
      payment: undefined,
      medicalCard: undefined,
      dailyLog: undefined,
      labOrder: undefined,
      procedure: undefined
    }
    for (const kind of documentKinds) {
      const pdf = await render({ kind, language: 'en', change: bare })
      expect(pdf.length).toBeGreaterThan(1000)
    }
  })

  it('refuses an unknown kind and a bad print time', async () => {
    const context = documentContextSample('ru')
    await expect(renderDocumentPdf('nope' as DocumentKind, context, shippedTemplate('invoice', 'ru'))).rejects.toThrow(RangeError)
    await expect(renderDocumentPdf('invoice', { ...context, printedAt: 'yesterday' }, shippedTemplate('invoice', 'ru'))).rejects.toThrow(RangeError)
  })
})
