import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 15, item 5: media, files attached to a patient, an X-ray, an exam or a treatment plan
 * (docs/decisions/media.md). The bytes live in the media store (disk under DATA_DIR, or S3),
 * addressed by company and SHA-256 (`hash`); the row says what they are and whose. A patient's
 * files are listed newest first by (companyId, customerId, createdAt); an owner's by
 * (companyId, ownerType, ownerId); the company screen filters by branch and type. No database
 * foreign keys to the owner: a trashed owner comes back with its files.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('media', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('ownerType', 32).notNullable()
    table.string('ownerId', 36).notNullable()
    table.string('title', 255).notNullable().defaultTo('')
    table.string('mime', 100).notNullable()
    table.string('kind', 16).notNullable()
    table.bigInteger('size').notNullable()
    table.string('hash', 64).notNullable()
    table.string('thumbnail', 80).nullable()
    table.integer('width').nullable()
    table.integer('height').nullable()
    table.text('dicom').nullable()
    table.index(['companyId', 'customerId', 'createdAt'], 'media_customer_time')
    table.index(['companyId', 'ownerType', 'ownerId'], 'media_owner')
    table.index(['companyId', 'branchId', 'createdAt'], 'media_branch_time')
    table.index(['companyId', 'hash'], 'media_hash')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('media')
}
