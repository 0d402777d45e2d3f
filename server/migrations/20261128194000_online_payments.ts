import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 16, item 9: online payments (docs/decisions/billing-payme.md).
 * - `payment_accounts`: a company's merchant account at an online provider (Payme): the merchant
 *   id (public: it is in every pay link) and the key, sealed (never sent to a client). One per
 *   company and provider; a merchant id belongs to one company (the endpoint finds the company by it).
 * - `provider_transactions`: the provider's own transactions, with its state machine (Payme:
 *   1 created, 2 performed, -1 cancelled, -2 cancelled after perform). The provider's id is unique
 *   per company and provider; times are the provider's 13-digit milliseconds (bigint). The ledger
 *   payment and its refund are linked by id once made.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('payment_accounts', (table) => {
    recordColumns(table, db)
    table.string('provider', 16).notNullable()
    table.string('merchantId', 64).notNullable()
    table.text('secret').nullable()
    table.boolean('testMode').notNullable().defaultTo(false)
    table.string('callbackUrl', 500).nullable()
    table.unique(['companyId', 'provider'], { indexName: 'payment_accounts_company' })
    table.unique(['provider', 'merchantId'], { indexName: 'payment_accounts_merchant' })
  })
  await db.schema.createTable('provider_transactions', (table) => {
    recordColumns(table, db)
    table.string('provider', 16).notNullable()
    table.string('externalId', 64).notNullable()
    table.string('invoiceId', 36).notNullable()
    /** The account value as the provider sent it (the invoice's id or number). */
    table.string('account', 64).notNullable()
    table.string('customerId', 36).notNullable()
    table.bigInteger('amount').notNullable()
    table.integer('state').notNullable()
    table.integer('reason').nullable()
    table.bigInteger('providerTime').notNullable()
    table.bigInteger('createTime').notNullable()
    table.bigInteger('performTime').notNullable().defaultTo(0)
    table.bigInteger('cancelTime').notNullable().defaultTo(0)
    table.string('paymentId', 36).nullable()
    table.string('refundId', 36).nullable()
    table.unique(['companyId', 'provider', 'externalId'], { indexName: 'provider_transactions_external' })
    table.index(['companyId', 'provider', 'invoiceId', 'state'], 'provider_transactions_invoice')
    table.index(['companyId', 'provider', 'providerTime'], 'provider_transactions_time')
    table.index(['customerId'], 'provider_transactions_customer')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('provider_transactions')
  await db.schema.dropTableIfExists('payment_accounts')
}
