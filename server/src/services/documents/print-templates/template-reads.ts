import type { Knex } from 'knex'
import type { DocumentKind, DocumentLanguage } from '../../../../../domain/documents/kinds'
import type { DocumentTemplateTexts } from '../../../../../domain/documents/template'
import { shippedTemplate } from '../../../../../domain/documents/shipped-templates'
import { PRINT_TEMPLATES_TABLE } from './print-templates.class'

/** The texts a document is printed with: the clinic's own for the kind and language, else the shipped ones. */
export async function printTextsFor(db: Knex, companyId: string, kind: DocumentKind, language: DocumentLanguage): Promise<DocumentTemplateTexts> {
  const own = await db(PRINT_TEMPLATES_TABLE).where({ companyId, kind, language }).first('title', 'intro', 'closing', 'signatures')
  if (!own) return shippedTemplate(kind, language)
  const signatures = typeof own.signatures === 'string' ? (JSON.parse(own.signatures) as string[]) : (own.signatures as string[])
  return { title: own.title, intro: own.intro, closing: own.closing, signatures }
}
