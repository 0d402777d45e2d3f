import { clientService } from '../../../client-service'
import type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery, SpecialtyService } from './specialty.class'

export type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery }

export const specialtyPath = 'specialty'
export const specialtyMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type SpecialtyClientService = Pick<SpecialtyService, (typeof specialtyMethods)[number]>
export const specialtyClient = clientService<SpecialtyClientService>()(specialtyPath, specialtyMethods)
