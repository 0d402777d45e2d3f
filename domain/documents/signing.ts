import type { DocumentKind, DocumentLanguage } from './kinds'

/**
 * Signing a document on a tablet (issue 17, item 2; docs/decisions/documents-signing.md). The
 * kinds a patient signs, the states of a printed document, who signs and the limits of a
 * signature as drawn.
 */
export const signableKinds = ['consent', 'refusal', 'contract', 'treatment-plan'] as const satisfies readonly DocumentKind[]
export type SignableKind = (typeof signableKinds)[number]
export const isSignableKind = (kind: string): kind is SignableKind => (signableKinds as readonly string[]).includes(kind)

/** printed: handed over on paper; awaiting-signature: shown on a tablet; signed: immutable; withdrawn: the request was taken back. */
export const documentStatuses = ['printed', 'awaiting-signature', 'signed', 'withdrawn'] as const
export type DocumentStatus = (typeof documentStatuses)[number]

export const signerRoles = ['patient', 'representative'] as const
export type SignerRole = (typeof signerRoles)[number]

/** A signature's strokes: at most this many strokes and points in all ([x, y, t] each). */
export const MAX_SIGNATURE_STROKES = 200
export const MAX_SIGNATURE_POINTS = 20_000
/** The signature's PNG as a data URL, at most 512 KB of image bytes. */
export const MAX_SIGNATURE_IMAGE_BYTES = 512 * 1024
export const MAX_SIGNER_NAME = 300
export const MAX_DEVICE_FIELD = 100
/** The kiosk shows documents asked for in the last hour. */
export const KIOSK_WINDOW_MS = 60 * 60 * 1000

/** The words of the signature block printed under a signed document. */
export interface SignatureLabels {
  heading: string
  signer: string
  roles: Record<SignerRole, string>
  signedAt: string
  device: string
  witness: string
  kioskUser: string
  unsignedHash: string
}

export const signatureLabels: Record<DocumentLanguage, SignatureLabels> = {
  ru: {
    heading: 'Подписано на планшете (простая электронная подпись)',
    signer: 'Подписант',
    roles: { patient: 'пациент', representative: 'законный представитель' },
    signedAt: 'Дата и время подписи',
    device: 'Устройство',
    witness: 'Свидетель (сотрудник, запросивший подпись)',
    kioskUser: 'Сотрудник на планшете',
    unsignedHash: 'SHA-256 документа до подписи'
  },
  uz: {
    heading: 'Planshetda imzolangan (oddiy elektron imzo)',
    signer: 'Imzolovchi',
    roles: { patient: 'bemor', representative: 'qonuniy vakil' },
    signedAt: 'Imzolangan sana va vaqt',
    device: 'Qurilma',
    witness: 'Guvoh (imzoni soʻragan xodim)',
    kioskUser: 'Planshetdagi xodim',
    unsignedHash: 'Imzodan oldingi hujjat SHA-256'
  },
  en: {
    heading: 'Signed on a tablet (simple electronic signature)',
    signer: 'Signer',
    roles: { patient: 'patient', representative: 'legal representative' },
    signedAt: 'Signed at',
    device: 'Device',
    witness: 'Witness (staff member who asked for the signature)',
    kioskUser: 'Staff member on the tablet',
    unsignedHash: 'SHA-256 of the document before signing'
  },
  fi: {
    heading: 'Allekirjoitettu tabletilla (yksinkertainen sähköinen allekirjoitus)',
    signer: 'Allekirjoittaja',
    roles: { patient: 'potilas', representative: 'laillinen edustaja' },
    signedAt: 'Allekirjoitettu',
    device: 'Laite',
    witness: 'Todistaja (allekirjoitusta pyytänyt työntekijä)',
    kioskUser: 'Työntekijä tabletilla',
    unsignedHash: 'Asiakirjan SHA-256 ennen allekirjoitusta'
  }
}
