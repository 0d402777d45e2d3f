import { RowCodec } from '../../row-codec'

/** The table the `treatment` service owns: one row per treatment line. */
export const TREATMENT_TABLE = 'treatments'

/**
 * Rows as the API shapes them: teeth are JSON text; `searchName` (the service's name lower-cased by
 * JavaScript, so Cyrillic folds too) serves `$regex` and never leaves the server.
 */
export const treatmentRowShape = { json: ['teeth'], hidden: ['searchName'] }
export const treatmentCodec = new RowCodec(treatmentRowShape)

/** The hidden search text of a line: its service's name. */
export const searchNameOf = (name: string) => name.trim().toLowerCase()
