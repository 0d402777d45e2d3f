import fs from 'node:fs'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import dicomParser from 'dicom-parser'
import { BadRequest, Unprocessable } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import { type MediaKind } from './media.shared'
import { MEDIA_THUMBNAIL_SIZE } from './media-types.shared'
import type { DicomHeader } from './media.schema'

/** How many first bytes recognise a file (file-type reads up to 4100; DICOM's marker is at 128). */
export const HEAD_BYTES = 4100

export type AcceptedMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' | 'application/dicom'

const ACCEPTED: Record<string, { mime: AcceptedMime; kind: MediaKind }> = {
  'image/jpeg': { mime: 'image/jpeg', kind: 'image' },
  'image/png': { mime: 'image/png', kind: 'image' },
  'image/webp': { mime: 'image/webp', kind: 'image' },
  'application/pdf': { mime: 'application/pdf', kind: 'pdf' }
}

/** File name endings people use for the accepted types; another ending says nothing. */
const EXTENSIONS: Record<string, AcceptedMime> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.jpe': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp',
  '.pdf': 'application/pdf', '.dcm': 'application/dicom', '.dicom': 'application/dicom'
}

/** DICOM Part 10: a 128-byte preamble, then "DICM". */
export const isDicom = (head: Buffer) => head.length >= 132 && head.subarray(128, 132).toString('latin1') === 'DICM'

/**
 * What the file is, by its content only: JPEG, PNG, WebP, PDF or DICOM; anything else
 * (executables, archives, scripts, unknown bytes) is refused. A declared type (the request's
 * Content-Type) or a name ending that names one of the accepted types must name the same kind
 * (image, PDF, DICOM) as the content: a PDF named `.jpg` is refused, whatever it carries.
 */
export async function recognise(head: Buffer, declared: { mime?: string; name?: string }): Promise<{ mime: AcceptedMime; kind: MediaKind }> {
  let found: { mime: AcceptedMime; kind: MediaKind } | undefined
  if (isDicom(head)) found = { mime: 'application/dicom', kind: 'dicom' }
  else {
    const type = await fileTypeFromBuffer(head)
    found = type ? ACCEPTED[type.mime] : undefined
  }
  if (!found) throw clinicError(BadRequest, 'media-type-not-allowed', 'file')
  const declaredMime = normaliseDeclared(declared.mime)
  const byName = EXTENSIONS[path.extname(declared.name ?? '').toLowerCase()]
  // One image format named as another (a PNG saved as .jpg) is common and harmless: the stored
  // type is the content's. Another kind of file under an image's name or type is refused.
  const kindOf = (mime: string) => ACCEPTED[mime]?.kind ?? (mime === 'application/dicom' ? 'dicom' : 'other')
  if ((declaredMime && kindOf(declaredMime) !== found.kind) || (byName && kindOf(byName) !== found.kind)) throw clinicError(BadRequest, 'media-type-mismatch', 'file')
  return found
}

/** A Content-Type that names a type (octet-stream and empty name none). */
function normaliseDeclared(mime: string | undefined): AcceptedMime | 'other' | undefined {
  const base = (mime ?? '').split(';')[0].trim().toLowerCase()
  if (!base || base === 'application/octet-stream') return undefined
  if (base === 'image/jpg') return 'image/jpeg'
  if (base === 'application/dicom' || base === 'application/x-dicom') return 'application/dicom'
  return ACCEPTED[base]?.mime ?? 'other'
}

export interface ImageFacts {
  width: number
  height: number
  thumbnail: Buffer
}

/** An image's size (as shown, EXIF rotation applied) and a WebP thumbnail fitting MEDIA_THUMBNAIL_SIZE. */
export async function imageFacts(file: string): Promise<ImageFacts> {
  try {
    const image = sharp(file, { failOn: 'error' })
    const meta = await image.metadata()
    const turned = (meta.orientation ?? 1) >= 5
    const thumbnail = await sharp(file, { failOn: 'error' })
      .rotate()
      .resize(MEDIA_THUMBNAIL_SIZE, MEDIA_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer()
    return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0, thumbnail }
  } catch {
    throw clinicError(Unprocessable, 'media-unreadable', 'file')
  }
}

/** A DICOM file's header fields (up to the pixel data). */
export async function dicomFacts(file: string): Promise<DicomHeader> {
  try {
    const bytes = new Uint8Array(await fs.promises.readFile(file))
    const data = dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010' })
    const text = (tag: string) => (data.string(tag) ?? '').trim().slice(0, 200)
    const number = (tag: string) => (data.elements[tag] ? (data.uint16(tag) ?? null) : null)
    return {
      patientName: text('x00100010').replace(/\^+/g, ' ').trim(),
      studyDate: text('x00080020'),
      modality: text('x00080060'),
      bodyPart: text('x00180015'),
      rows: number('x00280010'),
      columns: number('x00280011')
    }
  } catch {
    throw clinicError(Unprocessable, 'media-unreadable', 'file')
  }
}
