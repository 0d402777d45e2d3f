/**
 * The pure side of inserting a text template into a long text field (TemplateTextArea.tsx): what
 * the field holds and where the caret goes after a snippet goes in, when typing `//` opens the
 * picker, and which templates the picker lists (docs/decisions/documents-text-templates.md).
 */

/** The characters that open the picker when typed at the start of a line or after a space. */
export const TEMPLATE_TRIGGER = '//'

export interface Selection {
  start: number
  end: number
}

export interface Inserted {
  text: string
  caret: number
}

/**
 * `text` with `snippet` put in place of the selection. With `trigger`, the `//` typed just before
 * the selection is replaced too. With `maxLength`, the snippet is cut so the field stays within
 * it (the text around it is never cut). The caret lands right after the inserted text.
 */
export function insertSnippet(text: string, selection: Selection, snippet: string, options: { trigger?: boolean; maxLength?: number } = {}): Inserted {
  const end = Math.min(Math.max(selection.end, 0), text.length)
  let start = Math.min(Math.max(selection.start, 0), end)
  if (options.trigger && text.slice(start - TEMPLATE_TRIGGER.length, start) === TEMPLATE_TRIGGER) start -= TEMPLATE_TRIGGER.length
  const before = text.slice(0, start)
  const after = text.slice(end)
  const room = options.maxLength === undefined ? snippet.length : Math.max(0, options.maxLength - before.length - after.length)
  const piece = snippet.slice(0, room)
  return { text: before + piece + after, caret: before.length + piece.length }
}

/**
 * Whether the text just typed before `caret` is the trigger, on its own: at the start of the
 * field or a line, or after a space, so an address (`https://`) or a comment does not open it.
 */
export function typedTrigger(text: string, caret: number): boolean {
  const start = caret - TEMPLATE_TRIGGER.length
  if (start < 0 || text.slice(start, caret) !== TEMPLATE_TRIGGER) return false
  return start === 0 || /\s/.test(text[start - 1])
}

/** A search term or a text as the picker compares them: lower case, ё as е, single spaces. */
export function foldForSearch(value: string): string {
  return value.toLocaleLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim()
}

export interface PickableTemplate {
  _id: string
  title: string
  content: string
  offeredIn: string
}

/**
 * The templates a field offers for a term: those offered everywhere (`any`) or in the field's
 * `place`; every word of the term in the title or the content; titles that start with the term
 * first, then by title.
 */
export function pickTemplates<T extends PickableTemplate>(templates: readonly T[], term: string, place?: string): T[] {
  const words = foldForSearch(term).split(' ').filter(Boolean)
  const folded = foldForSearch(term)
  const offered = templates.filter((template) => template.offeredIn === 'any' || template.offeredIn === place)
  const matching = offered.filter((template) => {
    const haystack = `${foldForSearch(template.title)} ${foldForSearch(template.content)}`
    return words.every((word) => haystack.includes(word))
  })
  const rank = (template: T) => (folded && foldForSearch(template.title).startsWith(folded) ? 0 : 1)
  return [...matching].sort((a, b) => rank(a) - rank(b) || foldForSearch(a.title).localeCompare(foldForSearch(b.title)))
}
