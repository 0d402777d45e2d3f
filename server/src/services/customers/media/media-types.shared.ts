/**
 * Media's lists and limits, for the server and the screens alike. Kept apart from
 * `media.shared.ts` (which the client's service list imports into every screen's bundle) so that
 * only the screens that show files load them.
 */
/**
 * What a file of a patient can be attached to, and the service of that record: a patient, an
 * X-ray, an exam, a treatment plan. Their rows carry the patient (`customerId`) and are listed in
 * the patient's and the company's files. Documents are not built yet: their owner type is added
 * with them.
 */
export const patientOwnerTypes = ['customers', 'xrays', 'exam', 'treatment-plan'] as const
export type PatientOwnerType = (typeof patientOwnerTypes)[number]

/**
 * Every owner type: the patient's, and an expense (a receipt, an invoice), whose rows have no
 * patient, are scoped by the expense's branch and are listed only with their expense.
 */
export const mediaOwnerTypes = [...patientOwnerTypes, 'expense'] as const
export type MediaOwnerType = (typeof mediaOwnerTypes)[number]

export const isPatientOwnerType = (type: string): type is PatientOwnerType => (patientOwnerTypes as readonly string[]).includes(type)

/** The permission resource that guards each owner type's files (spec section 6; media-owner.ts). */
export const mediaOwnerResource = {
  customers: 'customers',
  xrays: 'xrays',
  exam: 'exam',
  'treatment-plan': 'treatment-plan',
  expense: 'expense'
} as const satisfies Record<MediaOwnerType, string>

export const mediaKinds = ['image', 'pdf', 'dicom'] as const
export type MediaKind = (typeof mediaKinds)[number]

/** The accepted types, recognised by content (media-content.ts). */
export const mediaMimes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'application/dicom'] as const

export const MAX_MEDIA_TITLE = 255
/** Thumbnails fit this square (WebP). */
export const MEDIA_THUMBNAIL_SIZE = 320

/** The upload route: POST the file's bytes as the body (progress is the browser's upload progress). */
export const MEDIA_UPLOAD_ROUTE = '/media/upload'
export const mediaUploadUrl = (owner: { type: MediaOwnerType; id: string }, title: string) =>
  `${MEDIA_UPLOAD_ROUTE}?${new URLSearchParams({ ownerType: owner.type, ownerId: owner.id, title }).toString()}`
