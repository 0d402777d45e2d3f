import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BadRequest, FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { messages } from '../../../../../domain/messages'
import { createMediaStore, defaultMediaConfiguration, mediaFolder, mediaKey, type MediaConfiguration, type MediaStore } from './media-store'
import { HEAD_BYTES, dicomFacts, imageFacts, recognise, type AcceptedMime } from './media-content'
import type { MediaKind, MediaOwnerType } from './media.shared'
import type { DicomHeader } from './media.schema'
import { trashedRecordsOf } from '../../audit/trash/trash-rows'

const stores = new WeakMap<Application, MediaStore>()

export const mediaConfigOf = (app: Application): MediaConfiguration => app.get('config').media ?? defaultMediaConfiguration

/** The app's media store (made on first use from its configuration). */
export function mediaStoreOf(app: Application): MediaStore {
  let store = stores.get(app)
  if (!store) {
    store = createMediaStore(app.get('config').dataDir, mediaConfigOf(app))
    stores.set(app, store)
  }
  return store
}

/** Uploads in progress are written here, under DATA_DIR, whichever store keeps the result. */
export const uploadFolder = (dataDir: string) => path.join(mediaFolder(dataDir), 'tmp')

/** 413 in the Feathers error shape: Feathers has no class of its own for it. */
export function tooLarge(maxBytes: number): FeathersError {
  const limit = Math.floor(maxBytes / (1024 * 1024))
  return new FeathersError(messages['media-too-large'].replace('{{limit}}', String(limit)), 'PayloadTooLarge', 413, 'payload-too-large', { code: 'media-too-large', path: 'file', limit, maxBytes })
}

export interface ReceivedFile {
  hash: string
  size: number
  mime: AcceptedMime
  kind: MediaKind
  thumbnail: string | null
  width: number | null
  height: number | null
  dicom: DicomHeader | null
}

/**
 * Takes an upload's bytes: streams them to a temporary file under DATA_DIR while hashing and
 * counting them, refuses the upload as soon as it passes `maxBytes` (the temporary file is
 * removed: the disk never holds more than the limit per upload), recognises the type by content,
 * reads an image's size and makes its thumbnail or reads a DICOM header, then moves the file into
 * the store under the company and its SHA-256 (and the thumbnail beside it). Nothing stays in the
 * temporary folder, whatever fails.
 */
export async function receiveUpload(app: Application, companyId: string, source: Readable, declared: { mime?: string; name?: string }): Promise<ReceivedFile> {
  const { maxBytes } = mediaConfigOf(app)
  const folder = uploadFolder(app.get('config').dataDir)
  await fs.promises.mkdir(folder, { recursive: true })
  const temporary = path.join(folder, `${crypto.randomUUID()}.part`)
  const hasher = crypto.createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(tooLarge(maxBytes))
      hasher.update(chunk)
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength))
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
      }
      done(null, chunk)
    }
  })
  try {
    await pipeline(source, counter, fs.createWriteStream(temporary, { flags: 'wx' }))
    if (size === 0) throw clinicError(BadRequest, 'media-empty', 'file')
    const hash = hasher.digest('hex')
    const type = await recognise(Buffer.concat(headChunks), declared)
    const store = mediaStoreOf(app)
    let facts: Pick<ReceivedFile, 'thumbnail' | 'width' | 'height' | 'dicom'> = { thumbnail: null, width: null, height: null, dicom: null }
    if (type.kind === 'image') {
      const image = await imageFacts(temporary)
      await store.putBuffer(mediaKey(companyId, hash, 'thumbnail'), image.thumbnail, 'image/webp')
      facts = { thumbnail: 'webp', width: image.width, height: image.height, dicom: null }
    } else if (type.kind === 'dicom') {
      const dicom = await dicomFacts(temporary)
      facts = { thumbnail: null, width: dicom.columns, height: dicom.rows, dicom }
    }
    await store.putFile(mediaKey(companyId, hash), temporary, type.mime)
    return { hash, size, ...type, ...facts }
  } finally {
    await fs.promises.rm(temporary, { force: true })
  }
}

/**
 * After a file was deleted for good: its bytes and thumbnail go too, unless another file of the
 * company (listed, or in the trash and so restorable) has the same content.
 */
export async function purgeContent(app: Application, db: Knex, companyId: string, hash: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return false
  const listed = await db('media').where({ companyId, hash }).first('_id')
  if (listed) return false
  const trashed = await trashedRecordsOf(db, 'media', companyId)
  if (trashed.some((record) => record.hash === hash)) return false
  const store = mediaStoreOf(app)
  await store.remove(mediaKey(companyId, hash))
  await store.remove(mediaKey(companyId, hash, 'thumbnail'))
  return true
}

/**
 * A record deleted from the trash for good takes its files along: a patient all of theirs (by
 * `customerId`), an expense its own (by owner). The rows go, then the bytes no other file of the
 * company shares. Runs after that purge has committed (the trash's `removed` event); running
 * twice (an event relayed to every instance) finds nothing the second time.
 */
export async function purgeFilesOf(app: Application, companyId: string, whose: { customerId: string } | { ownerType: MediaOwnerType; ownerId: string }): Promise<number> {
  const db = app.get('db')
  const rows = (await db('media').where({ companyId, ...whose }).select('hash')) as Array<{ hash: string }>
  if (rows.length === 0) return 0
  await db('media').where({ companyId, ...whose }).delete()
  for (const hash of new Set(rows.map((row) => row.hash))) await purgeContent(app, db, companyId, hash)
  return rows.length
}
