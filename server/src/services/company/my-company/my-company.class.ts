import type { Id, Params } from '@feathersjs/feathers'
import { NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { RowCodec } from '../../row-codec'
import { companyRowShape } from '../company/company.class'
import { activeMemberCount } from '../../team/users/user-rows'
import type { MyCompany, MyCompanyQuery } from './my-company.schema'

export type MyCompanyParams = Params<MyCompanyQuery>

const codec = new RowCodec(companyRowShape)
const columns = ['_id', 'name', 'modules', 'settings', 'timezone', 'currency', 'locale', 'subscriptionEndsAt']

/** `my-company`: the caller's company ('mine') with its branch and team counts. */
export class MyCompanyService {
  constructor(private readonly app: Application) {}

  async get(id: Id, params: MyCompanyParams = {}): Promise<MyCompany> {
    // Tenancy: companyScope names the caller's company; another company is not found.
    const scope = params.query?.companyId
    if (scope !== undefined && scope !== id) throw clinicError(NotFound, 'not-found')
    const db = this.app.get('db')
    const row = await db('companies').select(columns).where({ _id: String(id) }).first()
    if (!row) throw clinicError(NotFound, 'not-found')
    const [branches, team] = await Promise.all([
      db('branches').where({ companyId: String(id), archived: false }).count({ total: '_id' }),
      activeMemberCount(db, String(id))
    ])
    return { ...codec.fromDb<Omit<MyCompany, 'branchCount' | 'teamCount'>>(row), branchCount: Number(branches[0].total), teamCount: team }
  }
}
