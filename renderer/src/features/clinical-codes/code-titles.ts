import type { TFunction } from 'i18next'
import { MAX_TITLE, titleIn, titleLanguages, type TitleLanguage, type Titles } from '../../../../domain/clinical/codes/titles'

export { MAX_TITLE, titleIn, titleLanguages, type TitleLanguage, type Titles }

/** The form's four title fields as the server takes them (blank ones are dropped there). */
export type TitleValues = Partial<Record<TitleLanguage, string>>

/** The titles a form starts with: a record's, or none. */
export const titleValues = (titles: Titles | undefined): TitleValues => Object.fromEntries(titleLanguages.map((language) => [language, titles?.[language] ?? '']))

/** A shipped entry has no company; a company's own has its id. */
export const isShipped = (entry: { companyId: string | null }) => entry.companyId === null

/** The file's text, read in the browser (the socket carries text, not files). */
export function readFileText(file: File): Promise<string> {
  return file.text()
}

/** "line 3: This code is already in the list (code)" for one problem of an import. */
export function problemText(t: TFunction, problem: { line: number; code: string; column?: string }): string {
  const column = problem.column ? ` (${problem.column.split('|').map((name) => columnLabel(t, name)).join(' / ')})` : ''
  return `${t('clinicalCodes.line', { line: problem.line })}: ${t(`errors.${problem.code}`)}${column}`
}

function columnLabel(t: TFunction, column: string): string {
  return (titleLanguages as readonly string[]).includes(column) ? t(`clinicalCodes.language.${column}`) : t(`clinicalCodes.column.${column}`, { defaultValue: column })
}
