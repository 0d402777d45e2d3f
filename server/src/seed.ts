import type { Application } from './declarations'
import { registerCompany } from './services/company/company-registration/register-company'
import { seedDemoClinic, DEMO_SIGN_IN } from './seed-demo'

/**
 * On the first start of an empty database: the demo clinic (DEMO_SEED, on by default, speaking
 * DEMO_LOCALE), or the first administrator named by ADMIN_EMAIL/ADMIN_PASSWORD for a clean
 * install. Later starts leave the data alone.
 */
export async function seedOnFirstStart(app: Application) {
  const db = app.get('db')
  const config = app.get('config')
  const logger = app.get('logger')
  const existing = await db('companies').first('_id')
  if (existing) return
  if (config.firstAdmin) {
    const admin = config.firstAdmin
    await registerCompany(db, { companyName: admin.companyName, phone: admin.phone, email: admin.email, first_name: admin.firstName, last_name: admin.lastName, password: admin.password })
    logger.info({ msg: 'created the first administrator', email: admin.email })
    return
  }
  if (!config.demoSeed) {
    logger.info({ msg: 'empty database: register a clinic at /welcome' })
    return
  }
  await seedDemoClinic(app, { locale: config.demoLocale })
  // Printed plainly on purpose: the quick start tells people to sign in with this.
  console.log(`\n  Demo clinic ready at ${config.publicUrl}\n  Sign in as ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}\n`)
}
