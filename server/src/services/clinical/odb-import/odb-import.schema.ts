/** The same file as `icd-import` takes: `{ csv }`, the CSV text. */
export { csvImportDataSchema as odbImportDataSchema } from '../icd-import/icd-import.schema'
