import { signatureLabels, type SignerRole } from '../../../../domain/documents/signing'
import type { Content } from '../doc-types'
import type { BuildInput } from './build-input'
import { fields } from './blocks'

/** What a signed document prints under its contents (docs/decisions/documents-signing.md). */
export interface SignatureStamp {
  /** The signature as drawn: a PNG data URL. */
  image: string
  signer: SignerRole
  signerName: string
  signedAt: string
  deviceId: string
  deviceName?: string | null
  /** The staff member who asked for the signature (the document's printer). */
  witness: string
  /** The staff member signed in on the tablet. */
  kioskUser: string
  /** The hash of the PDF shown for signing. */
  unsignedSha256: string
}

/** The signature block: the drawn signature, the signer and role, the time, the device, the witness. */
export function signatureBlock(input: BuildInput, stamp: SignatureStamp): Content {
  const labels = signatureLabels[input.context.language]
  const device = stamp.deviceName ? `${stamp.deviceName} (${stamp.deviceId})` : stamp.deviceId
  return {
    stack: [
      { text: labels.heading, style: 'section', margin: [0, 0, 0, 4] },
      { image: stamp.image, fit: [220, 80], margin: [0, 0, 0, 4] },
      fields([
        [labels.signer, `${stamp.signerName} (${labels.roles[stamp.signer]})`],
        [labels.signedAt, input.format.dateTime(stamp.signedAt)],
        [labels.device, device],
        [labels.witness, stamp.witness],
        [labels.kioskUser, stamp.kioskUser]
      ], 190),
      // Small, so that the 64 hex digits stay on one line.
      { text: `${labels.unsignedHash}: ${stamp.unsignedSha256}`, fontSize: 7, color: '#555555', margin: [0, 4, 0, 0] }
    ],
    unbreakable: true,
    margin: [0, 16, 0, 0]
  }
}
