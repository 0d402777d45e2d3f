import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import { DiskMediaStore, S3MediaStore, mediaConfigurationFromEnv, mediaKey, type MediaStore } from '../../../../../server/src/services/customers/media/media-store'
import { signedPath, verifiedClaims } from '../../../../../server/src/services/customers/media/media-links'

const COMPANY = '0190a0a0-0000-7000-8000-000000000001'
const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

interface Subject {
  name: string
  start(): Promise<{ store: MediaStore; stop(): Promise<void> }>
}

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'media-store-'))

const subjects: Subject[] = [
  {
    name: 'disk',
    async start() {
      const root = folder()
      return { store: new DiskMediaStore(root), stop: async () => fs.rmSync(root, { recursive: true, force: true }) }
    }
  },
  {
    name: 's3 (s3rver on loopback)',
    async start() {
      const root = folder()
      const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: root, configureBuckets: [{ name: 'clinic-media', configs: [] }] })
      const address = (await s3.run()) as AddressInfo
      const store = new S3MediaStore({ bucket: 'clinic-media', endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'files' })
      return {
        store,
        stop: async () => {
          await s3.close()
          fs.rmSync(root, { recursive: true, force: true })
        }
      }
    }
  }
]

/** One contract for every media store: what goes in comes out, under server-made keys only. */
describe.each(subjects)('media store: $name', (subject) => {
  let store: MediaStore
  let stop: () => Promise<void>
  beforeAll(async () => ({ store, stop } = await subject.start()))
  afterAll(() => stop())

  it('keeps a file moved in, gives it back whole, and removes it', async () => {
    const bytes = crypto.randomBytes(300_000)
    const key = mediaKey(COMPANY, hashOf(bytes))
    const temporary = path.join(folder(), 'upload.part')
    fs.writeFileSync(temporary, bytes)
    expect(await store.exists(key)).toBe(false)
    expect(await store.open(key)).toBeNull()
    await store.putFile(key, temporary, 'image/png')
    expect(fs.existsSync(temporary)).toBe(false)
    expect(await store.exists(key)).toBe(true)
    const opened = (await store.open(key))!
    expect(opened.size).toBe(bytes.length)
    expect((await read(opened.stream)).equals(bytes)).toBe(true)
    await store.remove(key)
    expect(await store.exists(key)).toBe(false)
    // Removing what is not there is no error.
    await store.remove(key)
  })

  it('keeps a thumbnail beside its original', async () => {
    const hash = hashOf(Buffer.from('original'))
    const thumb = Buffer.from('RIFF....WEBPVP8 ')
    await store.putBuffer(mediaKey(COMPANY, hash, 'thumbnail'), thumb, 'image/webp')
    expect(await store.exists(mediaKey(COMPANY, hash))).toBe(false)
    expect((await read((await store.open(mediaKey(COMPANY, hash, 'thumbnail')))!.stream)).equals(thumb)).toBe(true)
  })

  it('refuses any key the server did not make', async () => {
    for (const key of ['../etc/passwd', `${COMPANY}/../../x`, `${COMPANY}/${'a'.repeat(63)}`, `${COMPANY}/${'A'.repeat(64)}`, 'x/y']) {
      await expect(store.open(key)).rejects.toThrow(/not a media key/)
      await expect(store.remove(key)).rejects.toThrow(/not a media key/)
    }
    expect(() => mediaKey('../x', 'a'.repeat(64))).toThrow(/not a media key/)
  })
})

describe('media configuration and links', () => {
  it('reads the size limit and the S3 bucket from the environment, with defaults', () => {
    expect(mediaConfigurationFromEnv({})).toEqual({ maxBytes: 50 * 1024 * 1024, uploadsPerMinute: 60, linkSeconds: 600, s3: undefined })
    const config = mediaConfigurationFromEnv({ MEDIA_MAX_BYTES: '1000', MEDIA_S3_BUCKET: 'files', MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_FORCE_PATH_STYLE: 'true', MEDIA_S3_PREFIX: '/clinic/' })
    expect(config).toMatchObject({ maxBytes: 1000, s3: { bucket: 'files', endpoint: 'http://minio:9000', forcePathStyle: true, prefix: 'clinic', region: 'us-east-1' } })
  })

  it('verifies a link only for its file, variant, reader and time', () => {
    const claims = { mediaId: '0190a0a0-0000-7000-8000-0000000000aa', variant: 'file' as const, userId: 'u1', sessionId: 's1', expires: 2_000_000_000 }
    const query = Object.fromEntries(new URL(`http://x${signedPath('secret', claims)}`).searchParams)
    expect(verifiedClaims('secret', claims.mediaId, 'file', query, 1_999_999_999)).toEqual(claims)
    expect(verifiedClaims('secret', claims.mediaId, 'file', query, 2_000_000_001)).toBeNull()
    expect(verifiedClaims('other-secret', claims.mediaId, 'file', query, 0)).toBeNull()
    expect(verifiedClaims('secret', claims.mediaId, 'thumbnail', query, 0)).toBeNull()
    expect(verifiedClaims('secret', '0190a0a0-0000-7000-8000-0000000000ab', 'file', query, 0)).toBeNull()
    expect(verifiedClaims('secret', claims.mediaId, 'file', { ...query, s: 's2' }, 0)).toBeNull()
    expect(verifiedClaims('secret', claims.mediaId, 'file', { ...query, e: '2100000000' }, 0)).toBeNull()
  })
})
