import type { Content } from '../doc-types'
import { condensedFont } from '../fonts'
import type { DocumentBuilder } from './build-input'
import { a4Document, grid, paragraphs, right, signatures, th, title } from './blocks'

/**
 * The dentist's daily log, form 037/у-88 (PRODUCT-NOTES 9.1), on A4 landscape: No., time,
 * patient, age, first or repeat visit, 043 card number, town or village, population group,
 * diagnosis, treatment, anaesthesia, oral care completed (total / planned), УЕТ; then the day's
 * totals and the hours worked.
 */
export const buildDailyLog037: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const log = context.dailyLog
  const heading: Content = {
    columns: [
      { width: '*', stack: [{ text: context.company.legalName ?? context.company.name, bold: true }, { text: context.branch?.name ?? '', style: 'small' }] },
      { width: 260, stack: [{ text: labels.form037Header, bold: true, fontSize: 8 }, { text: labels.form037Approved, style: 'small' }], alignment: 'right' }
    ]
  }
  const content: Content[] = [heading, title(input), ...paragraphs(input, texts.intro)]
  if (log) {
    const spanned = (text: string) => th(text, { rowSpan: 2, fontSize: 7 })
    const header: Content[][] = [
      [
        spanned(labels.no),
        spanned(labels.time),
        spanned(labels.patient),
        spanned(labels.age),
        spanned(labels.visitKind),
        spanned(labels.cardNumber),
        spanned(labels.residence),
        spanned(labels.populationGroup),
        spanned(labels.diagnosis),
        spanned(labels.treatment),
        spanned(labels.anaesthesia),
        th(labels.sanitised, { colSpan: 2, alignment: 'center', fontSize: 7 }),
        '',
        spanned(labels.uet)
      ],
      ['', '', '', '', '', '', '', '', '', '', '', th(labels.sanitisedTotal, { fontSize: 7 }), th(labels.sanitisedPlanned, { fontSize: 7 }), '']
    ]
    const body: Content[][] = log.rows.map((row) => [
      String(row.no),
      row.time,
      row.patientName,
      row.age === undefined ? '' : String(row.age),
      row.firstVisit ? labels.firstVisit : labels.repeatVisit,
      row.cardNumber ?? '',
      row.residence ? labels[row.residence] : '',
      row.populationGroup ?? '',
      row.diagnosis ?? '',
      row.treatment ?? '',
      row.anaesthesia ?? '',
      row.sanitised ? '+' : '',
      row.sanitised === 'planned' ? '+' : '',
      right(row.uet === undefined ? '' : format.decimal(row.uet))
    ])
    const totalUet = log.rows.reduce((sum, row) => sum + (row.uet ?? 0), 0)
    body.push([
      { text: labels.totalUet, colSpan: 13, alignment: 'right', bold: true },
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      right(format.decimal(Math.round(totalUet * 100) / 100), { bold: true })
    ])
    content.push(
      grid([14, 26, 76, 'auto', 'auto', 'auto', 'auto', 50, '*', '*', 66, 'auto', 'auto', 'auto'], [...header, ...body], 2, { font: condensedFont, fontSize: 7.5 }),
      {
        text: [
          `${labels.patientsSeen}: ${log.rows.length} (${labels.firstVisit} ${log.rows.filter((row) => row.firstVisit).length})`,
          log.hoursWorked ? `   ·   ${labels.hoursWorked}: ${log.hoursWorked}` : ''
        ],
        margin: [0, 6, 0, 0]
      }
    )
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'daily-log-037', content, true)
}
