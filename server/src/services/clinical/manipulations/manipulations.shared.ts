import { clientService } from '../../../client-service'
import type { Manipulation, ManipulationData, ManipulationPatch, ManipulationQuery, ManipulationsService } from './manipulations.class'

export type { Manipulation, ManipulationData, ManipulationPatch, ManipulationQuery }

/** The spec's path (section 7); screen /company/manipulations. */
export const manipulationsPath = 'manipulations'
export const manipulationsMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type ManipulationsClientService = Pick<ManipulationsService, (typeof manipulationsMethods)[number]>

/** Longest code (the Russian nomenclature's are like B01.003.004.005). */
export const MAX_MANIPULATION_CODE = 50
/** Labour units (УЕТ) in hundredths: 0.25 УЕТ is 25; at most 1000 units. */
export const MAX_UET = 100_000

export const manipulationsClient = clientService<ManipulationsClientService>()(manipulationsPath, manipulationsMethods)
