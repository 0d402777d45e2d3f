/** The same file as `icd-import` takes: `{ csv }`, the CSV text. */
export { csvImportDataSchema as cdbImportDataSchema, type CsvImportData as CdbImportData } from '../icd-import/icd-import.schema'
