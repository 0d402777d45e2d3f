import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 18, item 8: staff notifications (`notification`, `my-notifications`) and Web Push
 * (`push-notifications`). The bell reads a member's notifications newest first, unread ones
 * alone too; the sender reads a member's device subscriptions. The VAPID key pair is the
 * server's own (one row, made on first start), not a company's: push services know the
 * deployment by its public key.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('notifications', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).nullable()
    table.string('userId', 36).notNullable()
    table.string('kind', 32).notNullable()
    table.text('params').notNullable()
    table.string('link', 300).notNullable()
    table.timestamp('readAt', { useTz: true }).nullable()
    table.index(['companyId', 'userId', 'createdAt'], 'notifications_recipient')
    table.index(['companyId', 'userId', 'readAt'], 'notifications_unread')
  })
  await db.schema.createTable('push_subscriptions', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable()
    table.string('endpoint', 1000).notNullable()
    table.string('p256dh', 200).notNullable()
    table.string('auth', 100).notNullable()
    table.string('userAgent', 300).notNullable()
    table.unique(['endpoint'], { indexName: 'push_subscriptions_endpoint' })
    table.index(['companyId', 'userId'], 'push_subscriptions_user')
  })
  await db.schema.createTable('push_vapid_keys', (table) => {
    table.string('_id', 36).primary()
    table.string('publicKey', 200).notNullable()
    table.text('privateKey').notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
  })
  // The default doctor and finance roles now turn Web Push on for their own browsers
  // (domain/access/default-roles.ts); companies made before get the same grant.
  for (const role of (await db('roles').whereIn('key', ['doctor', 'finance']).select('_id', 'permissions')) as Array<{ _id: string; permissions: unknown }>) {
    const permissions = (typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions) as Array<{ resource: string }>
    if (permissions.some((permission) => permission.resource === 'push-notifications')) continue
    permissions.push({ resource: 'push-notifications', view: true, create: true, delete: true } as { resource: string })
    await db('roles').where({ _id: role._id }).update({ permissions: JSON.stringify(permissions) })
  }
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('push_vapid_keys')
  await db.schema.dropTableIfExists('push_subscriptions')
  await db.schema.dropTableIfExists('notifications')
}
