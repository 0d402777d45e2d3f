/** Record shapes of the catalogue services (issue 5 contract), as the screens read them. */
export interface ServiceCategory {
  _id: string
  companyId: string
  name: string
  rank: number
  createdAt?: string
  updatedAt?: string
  createdBy?: string | null
}

export interface ServiceRecord {
  _id: string
  companyId: string
  categoryId: string | null
  name: string
  code: string | null
  description: string | null
  /** Minutes, 5..720. */
  duration: number
  /** Minutes kept free after the service, 0..240. */
  bufferTime: number
  /** Integer minor units of the company currency. */
  price: number
  public: boolean
  staticPrice: boolean
  staticDuration: boolean
  /** Marked done only with the patient's signed consent for it (docs/decisions/documents-consent-required.md). */
  requiresConsent?: boolean
  rank: number
  color: string | null
  archived: boolean
  createdAt?: string
  updatedAt?: string
  createdBy?: string | null
}

export type ServiceData = Omit<ServiceRecord, '_id' | 'companyId' | 'createdAt' | 'updatedAt' | 'createdBy'>

export const servicePath = 'service'
export const categoryPath = 'service-categories'
