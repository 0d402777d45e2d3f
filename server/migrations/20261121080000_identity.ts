import type { Knex } from 'knex'

/** Columns every record carries (ARCHITECTURE.md "Data"). */
export function recordColumns(table: Knex.CreateTableBuilder, db: Knex, { withCompany = true } = {}) {
  table.string('_id', 36).primary()
  if (withCompany) table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
  table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
  table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
  table.string('createdBy', 36).nullable()
}

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('companies', (table) => {
    recordColumns(table, db, { withCompany: false })
    table.string('name', 200).notNullable()
    table.string('phone', 32).notNullable()
    table.string('email', 254).notNullable()
    table.string('currency', 8).notNullable().defaultTo('UZS')
    table.string('timezone', 64).notNullable().defaultTo('Asia/Tashkent')
    table.string('locale', 8).notNullable().defaultTo('ru')
    table.json('modules').notNullable()
    table.json('settings').notNullable()
    table.timestamp('subscriptionEndsAt', { useTz: true }).nullable()
  })

  await db.schema.createTable('branches', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.string('address', 500).notNullable().defaultTo('')
    table.string('phone', 32).notNullable().defaultTo('')
    table.boolean('isMain').notNullable().defaultTo(false)
    table.boolean('archived').notNullable().defaultTo(false)
    table.index(['companyId', 'name'])
  })

  await db.schema.createTable('roles', (table) => {
    recordColumns(table, db)
    table.string('name', 100).notNullable()
    table.string('key', 32).nullable()
    table.json('permissions').notNullable()
    table.unique(['companyId', 'name'])
  })

  await db.schema.createTable('specialties', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.unique(['companyId', 'name'])
  })

  await db.schema.createTable('users', (table) => {
    recordColumns(table, db)
    table.string('email', 254).notNullable().unique()
    table.string('password', 255).notNullable()
    table.string('previousPassword', 255).nullable()
    table.string('username', 100).nullable()
    table.string('first_name', 100).notNullable()
    table.string('last_name', 100).notNullable()
    table.string('middle_name', 100).notNullable().defaultTo('')
    table.string('phone', 32).notNullable().defaultTo('')
    table.string('roleId', 36).notNullable().references('_id').inTable('roles')
    table.string('specialtyId', 36).nullable().references('_id').inTable('specialties').onDelete('SET NULL')
    table.json('branchIds').notNullable()
    table.string('color', 9).notNullable().defaultTo('#1677ff')
    table.bigInteger('staticPrice').nullable()
    table.integer('staticDuration').nullable()
    table.boolean('acceptsAppointments').notNullable().defaultTo(false)
    table.integer('percentOfRevenue').notNullable().defaultTo(0)
    table.boolean('allowLogin').notNullable().defaultTo(true)
    table.boolean('isOwner').notNullable().defaultTo(false)
    table.boolean('archived').notNullable().defaultTo(false)
    table.bigInteger('balance').notNullable().defaultTo(0)
    table.string('locale', 8).nullable()
    table.json('schedule').notNullable()
    table.index(['companyId', 'last_name'])
  })

  await db.schema.createTable('sessions', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable().references('_id').inTable('users').onDelete('CASCADE')
    table.string('userAgent', 500).notNullable().defaultTo('')
    table.string('ip', 64).notNullable().defaultTo('')
    table.timestamp('lastLogin', { useTz: true }).notNullable()
    table.timestamp('lastAction', { useTz: true }).notNullable()
    table.timestamp('endedAt', { useTz: true }).nullable()
    table.string('endedBy', 36).nullable()
    table.index(['companyId', 'userId', 'endedAt'])
  })

  await db.schema.createTable('password_resets', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable().references('_id').inTable('users').onDelete('CASCADE')
    table.string('tokenHash', 64).notNullable().unique()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    table.timestamp('usedAt', { useTz: true }).nullable()
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['password_resets', 'sessions', 'users', 'specialties', 'roles', 'branches', 'companies']) {
    await db.schema.dropTableIfExists(table)
  }
}
