import type { DocumentLine } from '../../../../domain/documents/context'
import { paragraphsOf } from '../../../../domain/documents/template'
import type { Content, ContentObject, DocDefinition } from '../doc-types'
import { documentFont } from '../fonts'
import type { BuildInput } from './build-input'

/**
 * The building blocks the A4 kinds share: the clinic's heading, the title, the editable
 * paragraphs, tables of lines and totals, the signature lines, the copy mark and page numbers.
 */

/** A4 portrait: 210 × 297 mm; margins 20 mm left (for a binder), 12 mm elsewhere. */
export const A4_MARGINS: [number, number, number, number] = [57, 40, 34, 40]

/** Thin grey rules, cells padded a little: tables read well on paper and in greyscale. */
export const gridLayout: ContentObject = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#888888',
  vLineColor: () => '#888888',
  paddingLeft: () => 3,
  paddingRight: () => 3,
  paddingTop: () => 2,
  paddingBottom: () => 2
}

export const styles: Record<string, ContentObject> = {
  title: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 6, 0, 8] },
  section: { fontSize: 10, bold: true, margin: [0, 8, 0, 3] },
  th: { bold: true, fontSize: 8, fillColor: '#eeeeee' },
  small: { fontSize: 7.5, color: '#444444' },
  footer: { fontSize: 7.5, color: '#444444' },
  copy: { fontSize: 10, bold: true, color: '#b00020' }
}

/** The clinic's name and requisites on the left, the branch on the right. */
export function clinicHeading({ context, labels }: BuildInput): Content {
  const { company, branch } = context
  const left: Content[] = [{ text: company.name, bold: true, fontSize: 11 }]
  if (company.legalName && company.legalName !== company.name) left.push({ text: company.legalName, fontSize: 8 })
  const details = [company.address, company.phone, company.taxId && `${labels.taxId} ${company.taxId}`].filter(Boolean).join(' · ')
  if (details) left.push({ text: details, style: 'small' })
  if (company.licence) left.push({ text: `${labels.licence}: ${company.licence}`, style: 'small' })
  const right: Content[] = branch ? [{ text: branch.name, bold: true, fontSize: 8 }, { text: [branch.address, branch.phone].filter(Boolean).join(' · '), style: 'small' }] : []
  return {
    columns: [
      { width: '*', stack: left },
      { width: 170, stack: right, alignment: 'right' }
    ],
    margin: [0, 0, 0, 4]
  }
}

export const rule = (): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: 504, y2: 0, lineWidth: 0.5, lineColor: '#888888' }],
  margin: [0, 2, 0, 4]
})

export const title = (input: BuildInput): Content => ({ text: input.format.fill(input.texts.title), style: 'title' })

/** The paragraphs of an editable text, variables filled. */
export function paragraphs(input: BuildInput, text: string): Content[] {
  return paragraphsOf(input.format.fill(text)).map((paragraph) => ({ text: paragraph, margin: [0, 0, 0, 5] }))
}

/** A table header cell. */
export const th = (text: string, extra: ContentObject = {}): ContentObject => ({ text, style: 'th', ...extra })
export const right = (text: string, extra: ContentObject = {}): ContentObject => ({ text, alignment: 'right', ...extra })
/** An amount in a table: right-aligned, never wrapped (its column is as wide as it needs). */
export const amountCell = (text: string, extra: ContentObject = {}): ContentObject => right(text, { noWrap: true, ...extra })

/** A grid table that repeats its header rows on every page. */
export function grid(widths: (number | string)[], body: Content[][], headerRows = 1, extra: ContentObject = {}): Content {
  return { table: { widths, body, headerRows, dontBreakRows: true }, layout: gridLayout, fontSize: 8.5, ...extra }
}

/** Label–value rows without rules (patient data, a lab order's fields). */
export function fields(rows: [string, string | undefined][], labelWidth = 150): Content {
  const body = rows.filter(([, value]) => value !== undefined && value !== '').map(([label, value]) => [{ text: label, color: '#444444' }, { text: value ?? '' }])
  if (body.length === 0) return ''
  return { table: { widths: [labelWidth, '*'], body }, layout: 'noBorders', margin: [0, 0, 0, 6] }
}

/** Priced lines: No. | service (code) | teeth | qty | price | discount | amount. */
export function linesTable(input: BuildInput, lines: readonly DocumentLine[]): Content {
  const { labels, format } = input
  const withTeeth = lines.some((line) => line.teeth)
  const withDiscount = lines.some((line) => line.discount > 0)
  const header = [
    th(labels.no),
    th(labels.service),
    ...(withTeeth ? [th(labels.teeth)] : []),
    th(labels.quantity, { alignment: 'right' }),
    th(`${labels.price}, ${format.currency}`, { alignment: 'right' }),
    ...(withDiscount ? [th(`${labels.discount}, ${format.currency}`, { alignment: 'right' })] : []),
    th(`${labels.amount}, ${format.currency}`, { alignment: 'right' })
  ]
  const body = lines.map((line, index) => [
    String(index + 1),
    { text: [line.name, line.code ? { text: `  ${line.code}`, color: '#666666', fontSize: 7 } : ''] },
    ...(withTeeth ? [line.teeth ?? ''] : []),
    right(String(line.quantity)),
    amountCell(format.amount(line.price)),
    ...(withDiscount ? [amountCell(line.discount ? format.amount(line.discount) : '')] : []),
    amountCell(format.amount(line.total))
  ])
  const widths = [16, '*', ...(withTeeth ? [60] : []), 'auto', 'auto', ...(withDiscount ? ['auto'] : []), 'auto']
  return grid(widths, [header, ...body])
}

/** Right-aligned totals, the last one bold. */
export function totals(rows: [string, string][], boldLast = true): Content {
  return {
    table: {
      widths: ['*', 'auto'],
      body: rows.map(([label, value], index) => {
        const bold = boldLast && index === rows.length - 1
        return [right(label, { bold }), amountCell(value, { bold })]
      })
    },
    layout: 'noBorders',
    margin: [0, 4, 0, 4]
  }
}

/** "Сумма прописью: Одна тысяча …". */
export const inWords = (input: BuildInput, minor: number): Content => ({
  text: [{ text: `${input.labels.inWords}: `, bold: true }, input.format.words(minor)],
  margin: [0, 2, 0, 8]
})

/** Signature lines: the caption on the left, a line to sign on the right; then the date line. */
export function signatures(input: BuildInput, withDate = true): Content {
  const rows: Content[] = input.texts.signatures.map((caption) => ({
    columns: [
      { width: '*', text: input.format.fill(caption) },
      { width: 150, canvas: [{ type: 'line', x1: 0, y1: 10, x2: 150, y2: 10, lineWidth: 0.5 }] }
    ],
    columnGap: 12,
    margin: [0, 14, 0, 0],
    unbreakable: true
  }))
  if (withDate) rows.push({ text: `${input.labels.date}: ${input.format.date(input.context.printedAt)}`, margin: [0, 12, 0, 0] })
  return { stack: rows, unbreakable: true, margin: [0, 8, 0, 0] }
}

/** The document's PDF info: fixed by the context, so the same input gives the same bytes. */
export function pdfInfo(input: BuildInput, subject: string): ContentObject {
  const printedAt = new Date(input.context.printedAt)
  return {
    title: input.format.fill(input.texts.title),
    author: input.context.company.name,
    subject,
    creator: 'Clinic workstation',
    producer: 'pdfmake',
    creationDate: printedAt,
    modDate: printedAt
  }
}

interface LaidOutNode {
  headlineLevel?: number
  style?: unknown
}

/**
 * A section heading (headlineLevel 1) left last on a page moves to the next one with what follows
 * it. The footer's nodes count as following nodes in pdfmake's list, so they are told apart by
 * their style.
 */
function keepHeadingsWithText(node: LaidOutNode, queries: { getFollowingNodesOnPage: () => LaidOutNode[] }): boolean {
  if (node.headlineLevel !== 1) return false
  return queries.getFollowingNodesOnPage().every((following) => following.style === 'footer')
}

/** A section heading that stays with what follows it. */
export const sectionHeading = (text: string): ContentObject => ({ text, style: 'section', headlineLevel: 1 })

/** An A4 document: the copy mark in the top corner of every page, page numbers at the bottom. */
export function a4Document(input: BuildInput, subject: string, content: Content[], landscape = false): DocDefinition {
  const { labels, context } = input
  return {
    info: pdfInfo(input, subject),
    language: context.language,
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: A4_MARGINS,
    defaultStyle: { font: documentFont, fontSize: 9.5, lineHeight: 1.15 },
    styles,
    header: context.copy ? () => ({ text: labels.copy, style: 'copy', alignment: 'right', margin: [0, 16, 34, 0] }) : undefined,
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: `${context.company.name} · ${input.format.dateTime(context.printedAt)}`, style: 'footer' },
        { text: `${labels.page} ${currentPage} ${labels.of} ${pageCount}`, style: 'footer', alignment: 'right' }
      ],
      style: 'footer',
      margin: [A4_MARGINS[0], 12, A4_MARGINS[2], 0]
    }),
    content,
    pageBreakBefore: keepHeadingsWithText
  }
}
