import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import { hasPermission } from '../../../../../domain/access/check'
import type { PermissionFlag, PermissionResource } from '../../../../../domain/access/resources'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { type MediaOwnerType } from './media.shared'
import { isPatientOwnerType, mediaOwnerResource as ownerResources, mediaOwnerTypes, patientOwnerTypes, type PatientOwnerType } from './media-types.shared'

/**
 * Media has no permission resource of its own (spec section 6): a file is guarded by what it is
 * attached to. A patient's files by `customers`, an X-ray's images by `xrays`, an exam's
 * attachments by `exam`, a plan's by `treatment-plan`, always with the patient's tenancy and
 * branch (the customers service's own rules); an expense's by `expense` with the expense's
 * tenancy and branch (the expense service's rules), and no patient at all.
 */
export const mediaOwnerResource: Record<MediaOwnerType, PermissionResource> = ownerResources

/** Reading a file needs `view` on its owner; uploading, renaming and removing one need `edit` (attaching changes the owner's record). */
export function mediaFlag(method: string): PermissionFlag {
  return method === 'find' || method === 'get' ? 'view' : 'edit'
}

export const isMediaOwnerType = (value: unknown): value is MediaOwnerType => typeof value === 'string' && (mediaOwnerTypes as readonly string[]).includes(value)

/** The patient owner types whose files the caller may see (internal calls: all): the patient and company lists. */
export function visiblePatientOwnerTypes(params: Params): PatientOwnerType[] {
  if (!params.provider) return [...patientOwnerTypes]
  const permissions = params.identity?.role.permissions
  return patientOwnerTypes.filter((type) => hasPermission(permissions, mediaOwnerResource[type], 'view'))
}

export interface MediaOwner {
  /** The owner's patient; null for an owner without one (an expense). */
  customerId: string | null
  /** The patient's branch now; for an expense, the expense's branch. */
  branchId: string
}

type Getter = { get: (id: string, params: Params) => Promise<Record<string, unknown>> }

/**
 * The one access rule of media: may the caller do `flag` on the files of this owner? The role
 * must hold `flag` on the owner's resource, and the owner must be one the caller sees, read
 * through the owner's own service as the caller (its tenancy, branch and visibility rules; a
 * record of another company, or of a patient of a branch the caller may not see, is NotFound,
 * never Forbidden). Answers the owner's patient and that patient's branch; for an expense, no
 * patient and the expense's branch.
 */
export async function mediaOwnerAccess(app: Application, params: Params, ownerType: string, ownerId: string, flag: PermissionFlag): Promise<MediaOwner> {
  if (!isMediaOwnerType(ownerType) || typeof ownerId !== 'string') throw clinicError(BadRequest, 'media-owner-invalid', 'ownerType')
  const resource = mediaOwnerResource[ownerType]
  if (params.provider && !hasPermission(params.identity?.role.permissions, resource, flag)) {
    throw clinicError(Forbidden, 'forbidden', undefined, { resource, flag })
  }
  const services = app.services as unknown as Record<string, Getter | undefined>
  // An owner type whose service is not part of this server (yet) has no files to attach to.
  if (!services[ownerType]) throw clinicError(BadRequest, 'media-owner-invalid', 'ownerType')
  const caller = asCaller(params)
  const owner = await services[ownerType]!.get(ownerId, caller)
  if (!isPatientOwnerType(ownerType)) return { customerId: null, branchId: String(owner.branchId) }
  const customerId = ownerType === 'customers' ? ownerId : String(owner.customerId ?? '')
  const customer = ownerType === 'customers' ? owner : await services.customers!.get(customerId, caller)
  return { customerId, branchId: String(customer.branchId) }
}
