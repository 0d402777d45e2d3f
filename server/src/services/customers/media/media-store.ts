import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where the bytes of media live. Keys are made by the server only (`mediaKey`): the company's
 * id and the content's SHA-256, never a name a user gave, so no request can name a path.
 * Two stores pass one contract (tests/server/services/customers/media/media-store.test.ts):
 * the disk under DATA_DIR (default) and an S3-compatible bucket (MEDIA_S3_*, docs/deployment.md).
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3'
  /** Moves a finished temporary file into the store under `key` (the file is gone afterwards). */
  putFile(key: string, file: string, mime: string): Promise<void>
  putBuffer(key: string, bytes: Buffer, mime: string): Promise<void>
  /** The bytes under `key`, or null when there are none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>
  exists(key: string): Promise<boolean>
  /** Removes `key`; a missing key is no error. */
  remove(key: string): Promise<void>
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{64}(\.thumb\.webp|\.pdf|\.signature\.png|\.export\.csv|\.export\.xlsx)?$/

const SUFFIX = { original: '', thumbnail: '.thumb.webp', document: '.pdf', signature: '.signature.png', 'export-csv': '.export.csv', 'export-xlsx': '.export.xlsx' } as const

/**
 * The store key of a company's content (`variant` thumbnail: its preview beside it; document: a
 * printed document's PDF, kept apart so that removing a media file never takes a document's bytes;
 * signature: the PNG of a document's signature, apart for the same reason; export-csv/-xlsx: a
 * report's background export (report-exports), whose `hash` is a random name of its own, not its content's).
 */
export function mediaKey(companyId: string, hash: string, variant: keyof typeof SUFFIX = 'original'): string {
  const key = `${companyId}/${hash}${SUFFIX[variant]}`
  checkKey(key)
  return key
}

function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`)
}

/** Files under `<root>/objects/<company>/<hash>`; temporary uploads under `<root>/tmp`. */
export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk' as const
  constructor(readonly root: string) {}

  private pathOf(key: string) {
    checkKey(key)
    return path.join(this.root, 'objects', ...key.split('/'))
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    // Same content, same key: the rename replaces identical bytes atomically.
    await fs.promises.rename(file, target)
  }

  async putBuffer(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    const temporary = `${target}.${process.pid}.${Date.now()}.part`
    await fs.promises.writeFile(temporary, bytes)
    await fs.promises.rename(temporary, target)
  }

  async open(key: string) {
    const file = this.pathOf(key)
    try {
      const stat = await fs.promises.stat(file)
      return { stream: fs.createReadStream(file), size: stat.size }
    } catch {
      return null
    }
  }

  async exists(key: string) {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false
    )
  }

  async remove(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true })
  }
}

export interface S3Settings {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
  /** A folder inside the bucket (no leading or trailing slash), or empty. */
  prefix: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type S3Module = any

/**
 * An S3-compatible bucket (AWS, MinIO, Yandex Object Storage...). `@aws-sdk/client-s3` is loaded
 * only when a bucket is configured, so the usual disk install never pays for it.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const
  private sdk?: Promise<{ module: S3Module; client: S3Module }>
  constructor(readonly settings: S3Settings) {}

  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((module) => {
      const { bucket: _bucket, prefix: _prefix, accessKeyId, secretAccessKey, ...rest } = this.settings
      const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined
      // Checksums only where S3 requires them: S3-compatible servers (s3rver, older MinIO) store
      // the SDK's default aws-chunked bodies with their checksum trailer as if it were content.
      const client = new module.S3Client({ ...rest, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' })
      return { module, client }
    })
    return this.sdk
  }

  private objectKey(key: string) {
    checkKey(key)
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key
  }

  async putFile(key: string, file: string, mime: string): Promise<void> {
    const { module, client } = await this.connect()
    const { size } = await fs.promises.stat(file)
    try {
      await client.send(new module.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: fs.createReadStream(file), ContentLength: size, ContentType: mime }))
    } finally {
      await fs.promises.rm(file, { force: true })
    }
  }

  async putBuffer(key: string, bytes: Buffer, mime: string): Promise<void> {
    const { module, client } = await this.connect()
    await client.send(new module.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.length, ContentType: mime }))
  }

  async open(key: string) {
    const { module, client } = await this.connect()
    try {
      const answer = await client.send(new module.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }))
      return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async exists(key: string) {
    const { module, client } = await this.connect()
    try {
      await client.send(new module.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }))
      return true
    } catch (error) {
      if (isMissing(error)) return false
      throw error
    }
  }

  async remove(key: string) {
    const { module, client } = await this.connect()
    await client.send(new module.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }))
  }
}

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404
}

/** Media settings from the environment (docs/deployment.md, "Media files"). */
export interface MediaConfiguration {
  /** Largest file accepted, in bytes (MEDIA_MAX_BYTES, default 50 MB). */
  maxBytes: number
  /** Uploads one person may start per minute (MEDIA_UPLOADS_PER_MINUTE, default 60). */
  uploadsPerMinute: number
  /** How long a download link given through the socket stays valid (MEDIA_LINK_SECONDS, default 600). */
  linkSeconds: number
  /** Set when MEDIA_S3_BUCKET is: the bytes go to that bucket instead of DATA_DIR/media. */
  s3?: S3Settings
}

export const DEFAULT_MEDIA_MAX_BYTES = 50 * 1024 * 1024

export const defaultMediaConfiguration: MediaConfiguration = { maxBytes: DEFAULT_MEDIA_MAX_BYTES, uploadsPerMinute: 60, linkSeconds: 600 }

export function mediaConfigurationFromEnv(env: NodeJS.ProcessEnv): MediaConfiguration {
  const int = (value: string | undefined, fallback: number) => {
    const parsed = Number.parseInt(value ?? '', 10)
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
  }
  const bucket = env.MEDIA_S3_BUCKET ?? ''
  return {
    maxBytes: int(env.MEDIA_MAX_BYTES, DEFAULT_MEDIA_MAX_BYTES),
    uploadsPerMinute: int(env.MEDIA_UPLOADS_PER_MINUTE, 60),
    linkSeconds: int(env.MEDIA_LINK_SECONDS, 600),
    s3: bucket
      ? {
          bucket,
          endpoint: env.MEDIA_S3_ENDPOINT || undefined,
          region: env.MEDIA_S3_REGION || 'us-east-1',
          accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: ['1', 'true', 'yes'].includes((env.MEDIA_S3_FORCE_PATH_STYLE ?? '').toLowerCase()),
          prefix: (env.MEDIA_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '')
        }
      : undefined
  }
}

/** The folder of the disk store and of temporary uploads (for either store). */
export const mediaFolder = (dataDir: string) => path.join(dataDir, 'media')

export function createMediaStore(dataDir: string, config: MediaConfiguration): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new DiskMediaStore(mediaFolder(dataDir))
}
