/** A chair or room of one branch (issue 5 contract: `work-place`). */
export interface WorkPlace {
  _id: string
  companyId: string
  branchId: string
  name: string
  kind: WorkPlaceKind
  color: string | null
  rank: number
  active: boolean
  createdAt?: string
  updatedAt?: string
  createdBy?: string | null
}

export const workPlaceKinds = ['chair', 'room'] as const
export type WorkPlaceKind = (typeof workPlaceKinds)[number]
export const workPlacePath = 'work-place'

export interface WorkPlaceFormValues {
  name: string
  kind: WorkPlaceKind
  color?: unknown
  active: boolean
}
