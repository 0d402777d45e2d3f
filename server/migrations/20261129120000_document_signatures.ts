import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 17, item 2: documents signed on a tablet. A document awaiting a signature, signed or
 * withdrawn keeps its status; a signed one names its signature and the hash of the PDF that was
 * shown for signing. `document_signatures` keeps the signature (strokes and the PNG's hash), the
 * signer, the device, the witness and the company's chain of signed PDFs (`sequence`,
 * `previousChainHash`, `chainHash`: docs/decisions/documents-signing.md).
 */
export async function up(db: Knex): Promise<void> {
  // 'awaiting-signature' is longer than the 16 characters the status had; SQLite does not hold text to a length.
  if (db.client.dialect === 'postgresql') await db.raw('alter table documents alter column status type varchar(24)')
  await db.schema.alterTable('documents', (table) => {
    table.string('signatureId', 36).nullable()
    table.string('unsignedSha256', 64).nullable()
    // The kiosk's list: documents of a branch awaiting a signature, newest first.
    table.index(['companyId', 'status', 'branchId', 'createdAt'], 'documents_status')
  })
  await db.schema.createTable('document_signatures', (table) => {
    recordColumns(table, db)
    table.string('documentId', 36).notNullable()
    table.string('customerId', 36).nullable()
    table.string('branchId', 36).notNullable()
    table.string('signer', 16).notNullable()
    table.string('signerName', 300).notNullable()
    table.text('strokes').notNullable()
    table.string('imageSha256', 64).notNullable()
    table.string('pdfSha256', 64).notNullable()
    table.string('unsignedSha256', 64).notNullable()
    table.string('deviceId', 100).notNullable()
    table.string('deviceName', 100).nullable()
    table.string('witnessId', 36).nullable()
    table.timestamp('signedAt', { useTz: true }).notNullable()
    table.integer('sequence').notNullable()
    table.string('previousChainHash', 64).nullable()
    table.string('chainHash', 64).notNullable()
    table.unique(['companyId', 'sequence'], { indexName: 'document_signatures_chain' })
    table.unique(['companyId', 'documentId'], { indexName: 'document_signatures_document' })
    table.index(['companyId', 'customerId', 'createdAt'], 'document_signatures_customer')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('document_signatures')
  await db.schema.alterTable('documents', (table) => {
    table.dropIndex(['companyId', 'status', 'branchId', 'createdAt'], 'documents_status')
    table.dropColumn('unsignedSha256')
    table.dropColumn('signatureId')
  })
  if (db.client.dialect === 'postgresql') await db.raw('alter table documents alter column status type varchar(16)')
}
