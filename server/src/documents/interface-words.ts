import en from '../../../renderer/src/i18n/locales/en.json'
import ru from '../../../renderer/src/i18n/locales/ru.json'
import uz from '../../../renderer/src/i18n/locales/uz.json'
import fi from '../../../renderer/src/i18n/locales/fi.json'
import type { DocumentLanguage } from '../../../domain/documents/kinds'

type Tree = { [key: string]: string | Tree }
const trees: Record<DocumentLanguage, Tree> = { en, ru, uz, fi } as unknown as Record<DocumentLanguage, Tree>

/**
 * A word of the interface in a document's language (a payment method, a bite, an allergen, an
 * urgency): documents print what the screens show, from the same locale files, so a clinic's
 * printed card and its screen never disagree. A missing key prints the English word, then the key.
 */
export function interfaceWord(language: DocumentLanguage, key: string): string {
  for (const tree of [trees[language], trees.en]) {
    let node: string | Tree | undefined = tree
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
    if (typeof node === 'string') return node
  }
  return key
}
