import { unknownVariables } from '../../../../domain/documents/variables'
import type { DocumentTemplateTexts } from '../../../../domain/documents/template'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'

/** The interface's language as a document language (ru1, the "клиент" variant, prints Russian). */
export const documentLanguageOf = (interfaceLanguage: string): DocumentLanguage =>
  interfaceLanguage === 'en' || interfaceLanguage === 'fi' || interfaceLanguage === 'uz' ? interfaceLanguage : 'ru'

/** Variables a template's texts use that the dictionary does not know: each shows as typed on paper. */
export function unknownIn(texts: DocumentTemplateTexts): string[] {
  return [...new Set([texts.title, texts.intro, texts.closing, ...texts.signatures].flatMap((text) => unknownVariables(text)))]
}

/** Whether the editor's texts differ from what is saved (or shipped). */
export function textsChanged(a: DocumentTemplateTexts, b: DocumentTemplateTexts): boolean {
  return a.title !== b.title || a.intro !== b.intro || a.closing !== b.closing || a.signatures.join('\n') !== b.signatures.join('\n')
}

/** Signature lines as typed in one box, a line each. */
export const signaturesFromText = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '')
