import { amountInWords } from '../../../../domain/documents/amount-in-words'
import type { DocumentContext } from '../../../../domain/documents/context'
import { currencySign, formatAmount, formatDate, formatDateTime, formatDecimal, formatMoney } from '../../../../domain/documents/format'
import type { ReceiptPaper } from '../../../../domain/documents/kinds'
import { documentLabels, type DocumentLabels } from '../../../../domain/documents/labels'
import type { DocumentTemplateTexts } from '../../../../domain/documents/template'
import { fillVariables } from '../../../../domain/documents/variables'
import type { DocDefinition } from '../doc-types'

/** Formatting bound to one document's language, currency and time zone. */
export interface DocumentFormat {
  /** "1 200,50 soʻm". */
  money: (minor: number) => string
  /** "1 200,50", for table columns whose header names the currency. */
  amount: (minor: number) => string
  /** The currency's sign or name ("сум"). */
  currency: string
  /** "29.11.2026"; '' for none. */
  date: (value: string | undefined) => string
  /** "29.11.2026 14:05". */
  dateTime: (value: string | undefined) => string
  /** "1,5". */
  decimal: (value: number) => string
  /** The amount in words with a capital first letter. */
  words: (minor: number) => string
  /** A template text with its variables filled. */
  fill: (text: string) => string
}

/** What a kind's builder gets. */
export interface BuildInput {
  context: DocumentContext
  texts: DocumentTemplateTexts
  labels: DocumentLabels
  format: DocumentFormat
  paper: ReceiptPaper
}

export type DocumentBuilder = (input: BuildInput) => DocDefinition

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function documentFormat(context: DocumentContext): DocumentFormat {
  const { language, currency, timeZone } = context
  return {
    money: (minor) => formatMoney(minor, currency, language),
    amount: (minor) => formatAmount(minor, language),
    currency: currencySign(currency, language),
    date: (value) => formatDate(value, language, timeZone),
    dateTime: (value) => formatDateTime(value, language, timeZone),
    decimal: (value) => formatDecimal(value, language),
    words: (minor) => capitalized(amountInWords(minor, currency, language)),
    fill: (text) => fillVariables(text, context)
  }
}

export function buildInput(context: DocumentContext, texts: DocumentTemplateTexts, paper: ReceiptPaper): BuildInput {
  return { context, texts, labels: documentLabels[context.language], format: documentFormat(context), paper }
}
