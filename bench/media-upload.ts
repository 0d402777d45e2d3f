/**
 * Media upload throughput (issue 15): a 20 MB image sent through `POST /media/upload` (token
 * check, owner check, streamed to a temporary file while hashed and counted, recognised by
 * content, thumbnail made, moved into the disk store, record created) against a bare `cp` of the
 * same file on the same disk; and the thumbnail alone. Run: `node --import tsx bench/media-upload.ts`
 * (RUNS=7 by default). Prints medians; bench/RESULTS.md keeps the figures.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import sharp from 'sharp'
import { createApp } from '../server/src/app'
import { createClient } from '../server/src/client'
import { createDatabase, migrateToLatest } from '../server/src/db'
import { benchConfiguration } from './bench-kit'
import { imageFacts } from '../server/src/services/customers/media/media-content'
import { mediaUploadUrl } from '../server/src/services/customers/media/media-types.shared'

const RUNS = Number(process.env.RUNS ?? 7)
const MB = 1024 * 1024
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** A JPEG of noise about 20 MB: noise does not compress, so the size is the pixels'. */
async function twentyMegabytes(file: string, seed: number) {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  let state = seed
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    pixels[index] = state >> 16
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toFile(file)
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'))
  const db = createDatabase({ databaseUrl: '', dataDir })
  await migrateToLatest(db)
  const app = createApp({ ...benchConfiguration(dataDir), media: { maxBytes: 50 * MB, uploadsPerMinute: 1000, linkSeconds: 600 } }, { db })
  const server = await app.listen(0)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
  const client = createClient(socketio(socket, { timeout: 120_000 }))
  const email = `bench-media-${Date.now()}@bench.clinic`
  await client.service('company-registration').create({ companyName: 'Bench media', phone: '+998 90 123 45 67', email, first_name: 'Bench', last_name: 'Media', password: 'Bench-media-2026!' })
  const auth = await client.authenticate({ strategy: 'local', email, password: 'Bench-media-2026!' })
  const customer = await client.service('customers').create({ first_name: 'Bench', last_name: 'Patient' })

  const files: string[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const file = path.join(dataDir, `source-${run}.jpg`)
    await twentyMegabytes(file, run + 1)
    files.push(file)
  }
  const size = fs.statSync(files[0]).size
  const cp: number[] = []
  const upload: number[] = []
  const thumbnail: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const copy = path.join(dataDir, `copy-${run}.jpg`)
    let started = performance.now()
    execFileSync('cp', [files[run], copy])
    cp.push(performance.now() - started)
    fs.rmSync(copy)

    started = performance.now()
    const response = await fetch(url + mediaUploadUrl({ type: 'customers', id: customer._id }, `opg-${run}.jpg`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth.accessToken}`, 'Content-Type': 'image/jpeg', 'Content-Length': String(fs.statSync(files[run]).size) },
      body: fs.createReadStream(files[run]) as unknown as BodyInit,
      duplex: 'half'
    } as RequestInit)
    await response.json()
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`)
    upload.push(performance.now() - started)

    started = performance.now()
    await imageFacts(files[run])
    thumbnail.push(performance.now() - started)
  }
  const rate = (ms: number) => (size / MB / (ms / 1000)).toFixed(0)
  console.log(`file ${(size / MB).toFixed(1)} MB (JPEG 4000x3000), ${RUNS} runs, medians`)
  console.log(`cp:                 ${median(cp).toFixed(0)} ms  (${rate(median(cp))} MB/s)`)
  console.log(`upload (HTTP, all): ${median(upload).toFixed(0)} ms  (${rate(median(upload))} MB/s)`)
  console.log(`  of which thumbnail (sharp, 320 px WebP): ${median(thumbnail).toFixed(0)} ms`)
  console.log(`upload without the thumbnail: ${(median(upload) - median(thumbnail)).toFixed(0)} ms  (${rate(median(upload) - median(thumbnail))} MB/s)`)
  socket.disconnect()
  await app.teardown()
  await db.destroy()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

void main().catch((error) => {
  console.error(error)
  process.exit(1)
})
