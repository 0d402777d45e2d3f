/**
 * The part of a document the clinic edits (the template editor): its title, the paragraphs before
 * and after the kind's fixed structure, and the signature lines. `intro` and `closing` are
 * paragraphs separated by blank lines and may hold `{{path}}` variables (variables.ts). The fixed
 * part (lines, totals, the dental formula grid, the diary) is drawn by the kind's builder.
 */
export interface DocumentTemplateTexts {
  /** The heading; may hold variables ("Счёт № {{invoice.number}}"). */
  title: string
  /** Paragraphs above the fixed part. */
  intro: string
  /** Paragraphs below the fixed part. */
  closing: string
  /** Signature lines, each a caption under a line to sign on ("Пациент {{patient.fullName}}"). */
  signatures: string[]
}

/** Paragraphs of a text: split on blank lines, each trimmed, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
}
