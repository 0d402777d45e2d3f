import type { DocumentKind, DocumentLanguage } from './kinds'
import { en } from './shipped-templates/en'
import { fi } from './shipped-templates/fi'
import { ru } from './shipped-templates/ru'
import { uz } from './shipped-templates/uz'
import type { DocumentTemplateTexts } from './template'

const shipped: Record<DocumentLanguage, Record<DocumentKind, DocumentTemplateTexts>> = { ru, uz, en, fi }

/** The texts the product ships for a kind in a language (a fresh copy: the editor may change it). */
export function shippedTemplate(kind: DocumentKind, language: DocumentLanguage): DocumentTemplateTexts {
  const texts = shipped[language][kind]
  return { ...texts, signatures: [...texts.signatures] }
}
