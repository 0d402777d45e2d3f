import { clientService } from '../../../client-service'
import type { BranchService } from './branches.class'

export const branchPath = 'branches'
export const branchMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type BranchClientService = Pick<BranchService, (typeof branchMethods)[number]>
export type { Branch, BranchData, BranchPatch, BranchQuery } from './branches.schema'
export const branchClient = clientService<BranchClientService>()(branchPath, branchMethods)
