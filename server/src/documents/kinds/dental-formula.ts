import { conditionTable, type ConditionCode } from '../../../../domain/clinical/conditions'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'
import type { DocumentLabels } from '../../../../domain/documents/labels'
import type { Content, ContentObject } from '../doc-types'

/**
 * The 043/у dental formula: the classic cross of two rows of teeth, the upper jaw 18..11 | 21..28
 * over the lower 48..41 | 31..38 (the patient's right on the reader's left), each tooth's codes
 * above the upper and below the lower numbers; the primary teeth the same way when charted.
 * In Russian the codes print as the form's letters (С, П, Р, Pt, К, ...), elsewhere as the
 * chart's Latin codes; a legend follows.
 */

const upperPermanent = [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28]
const lowerPermanent = [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38]
const upperPrimary = [55, 54, 53, 52, 51, 61, 62, 63, 64, 65]
const lowerPrimary = [85, 84, 83, 82, 81, 71, 72, 73, 74, 75]

const byCode = new Map(conditionTable.map((entry) => [entry.code as string, entry]))
const roman = ['', 'I', 'II', 'III']

/** One code as printed: "C" → "С" in Russian; "TM2" → "II" in Russian, "TM2" elsewhere. */
function printedCode(token: string, language: DocumentLanguage): string {
  const mobility = /^TM([1-3])$/.exec(token)
  if (mobility) return language === 'ru' ? roman[Number(mobility[1])] : token
  if (language !== 'ru') return token
  return byCode.get(token)?.form043 ?? token
}

/** The codes of a tooth as printed, from the card's "Pl C" string. */
export function printedCodes(value: string | undefined, language: DocumentLanguage): string {
  return (value ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => printedCode(token, language))
    .join(' ')
}

function crossLayout(half: number): ContentObject {
  return {
    hLineWidth: (index: number, node: { table: { body: unknown[] } }) => (index === 2 ? 1.6 : index === 0 || index === node.table.body.length ? 0 : 0.4),
    vLineWidth: (index: number, node: { table: { widths: unknown[] } }) => (index === half ? 1.6 : index === 0 || index === node.table.widths.length ? 0 : 0.4),
    hLineColor: (index: number) => (index === 2 ? '#000000' : '#aaaaaa'),
    vLineColor: (index: number) => (index === half ? '#000000' : '#aaaaaa'),
    paddingLeft: () => 1,
    paddingRight: () => 1,
    paddingTop: () => 2,
    paddingBottom: () => 2
  }
}

function cross(upper: number[], lower: number[], formula: Record<string, string>, language: DocumentLanguage, cell: number): Content {
  const codes = (teeth: number[]) => teeth.map((tooth) => ({ text: printedCodes(formula[String(tooth)], language), alignment: 'center', fontSize: 7, color: '#b00020' }))
  const numbers = (teeth: number[]) => teeth.map((tooth) => ({ text: String(tooth), alignment: 'center', bold: true, fontSize: 8.5 }))
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: { widths: upper.map(() => cell), heights: [14, 12, 12, 14], body: [codes(upper), numbers(upper), numbers(lower), codes(lower)] },
        layout: crossLayout(upper.length / 2)
      },
      { width: '*', text: '' }
    ],
    margin: [0, 2, 0, 4]
  }
}

const hasPrimary = (formula: Record<string, string>) => Object.keys(formula).some((tooth) => Number(tooth) >= 51 && Number(tooth) <= 85)

/** The grid (and the primary teeth's when any is charted), with "right"/"left" captions. */
export function dentalFormula(formula: Record<string, string>, language: DocumentLanguage, labels: DocumentLabels): Content[] {
  const sides: Content = {
    columns: [
      { width: '*', text: labels.formulaRight, alignment: 'left', fontSize: 7, color: '#666666' },
      { width: '*', text: labels.formulaLeft, alignment: 'right', fontSize: 7, color: '#666666' }
    ],
    margin: [20, 0, 20, 0]
  }
  const grids: Content[] = [sides, cross(upperPermanent, lowerPermanent, formula, language, 26)]
  if (hasPrimary(formula)) grids.push(cross(upperPrimary, lowerPrimary, formula, language, 26))
  return grids
}

/** "С — кариес · П — пломба · …": every code the chart knows, as the card prints it. */
export function formulaLegend(language: DocumentLanguage, labels: DocumentLabels): Content {
  const entries = conditionTable.map((entry) => {
    const code = entry.code as ConditionCode
    const printed = language === 'ru' ? entry.form043 : code === 'TM' ? 'TM1–3' : code
    return `${printed} — ${labels.conditions[code]}`
  })
  return { text: [{ text: `${labels.formulaLegend}: `, bold: true }, entries.join(' · ')], fontSize: 7, color: '#444444', margin: [0, 0, 0, 6] }
}
