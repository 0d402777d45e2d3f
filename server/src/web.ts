import fs from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import type { Knex } from 'knex'

type Context = Parameters<Middleware>[0]

/**
 * Serves the built web app: files from the build folder, `/sw.js` without caching (so a new
 * version is noticed), hashed assets cached for a year, and index.html for every other GET
 * that asks for a page (history-mode routes such as /people/team).
 *
 * Only files really inside the web root are served: a request that names a path outside it
 * (`..`, encoded separators, a symlink pointing out) gets 404 or 400, never a file and never 500.
 *
 * Text files are sent compressed when the build wrote a copy beside them (web/precompress.ts:
 * `x.js.br`, `x.js.gz`) and the browser accepts that encoding: brotli first, then gzip, else the
 * file itself. The copies are only encodings of their file, never addresses of their own: a
 * request for `x.js.br` or `x.js.gz` gets 404, so nothing is ever sent under a second type.
 */
export function serveWebApp(webRoot: string): Middleware {
  const root = path.resolve(webRoot)
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    const relative = decodedPath(ctx.path)
    if (relative === null) {
      ctx.status = 400
      ctx.body = 'Bad request'
      return
    }
    if (PRECOMPRESSED.test(relative)) return next()
    const file = await fileInside(root, path.resolve(root, `.${relative}`))
    if (file) return send(ctx, root, file, cacheControl(ctx.path))
    const wantsPage = ctx.accepts('html') === 'html' && !path.extname(ctx.path)
    const index = wantsPage ? await fileInside(root, path.join(root, 'index.html')) : null
    if (index) return send(ctx, root, index, 'no-cache')
    return next()
  }
}

/**
 * The URL path decoded, or null when it cannot name a file of ours: a malformed escape, a NUL,
 * or a separator hidden in an escape (`%2f`, `%5c`) that would join two segments after the
 * `..` check of a URL parser. A backslash is refused too: it is a separator on Windows.
 */
function decodedPath(rawPath: string): string | null {
  if (/%2f|%5c/i.test(rawPath)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  return decoded
}

interface StaticFile {
  path: string
  size: number
  modified: number
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep)
}

/**
 * The file if it exists and lies inside the root, both by name and once symlinks are followed
 * (a link in the build folder must not lead to the data folder). A separator is required after
 * the root: `<base>/site-data` starts with `<base>/site` but is not inside it.
 */
async function fileInside(root: string, candidate: string): Promise<StaticFile | null> {
  if (!isInside(root, candidate)) return null
  try {
    const [real, realRoot] = await Promise.all([fs.promises.realpath(candidate), fs.promises.realpath(root)])
    if (!isInside(realRoot, real)) return null
    const stat = await fs.promises.stat(real)
    return stat.isFile() ? { path: real, size: stat.size, modified: stat.mtimeMs } : null
  } catch {
    return null
  }
}

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'no-cache'
}

/** The build's compressed copies (web/precompress.ts writes them for these types only). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico|xml)$/i
const PRECOMPRESSED = /\.(br|gz)$/i
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' }
] as const

/**
 * The quality the Accept-Encoding header gives an encoding: its own entry, else `*`'s, else 0
 * (not accepted). `br;q=0` refuses brotli; a missing header accepts neither.
 */
function acceptedQuality(header: string, encoding: string): number {
  let star: number | undefined
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const qParam = params.find((param) => param.startsWith('q='))
    const parsed = qParam ? Number(qParam.slice(2)) : 1
    const quality = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
    if (name === encoding) return quality
    if (name === '*') star = quality
  }
  return star ?? 0
}

/**
 * The compressed copy to send: the best-rated accepted encoding that has a copy (brotli on a tie).
 * A copy older than its file is stale (the file was replaced after the build) and is ignored.
 */
async function encodedCopy(ctx: Context, root: string, file: StaticFile) {
  const header = ctx.get('Accept-Encoding')
  if (!header) return null
  let best: { name: string; file: StaticFile; quality: number } | null = null
  for (const encoding of ENCODINGS) {
    const quality = acceptedQuality(header, encoding.name)
    if (quality <= 0 || (best && best.quality >= quality)) continue
    // The copy passes the same checks as any file: inside the root by name and once links are followed.
    const copy = await fileInside(root, file.path + encoding.suffix)
    if (copy && copy.modified >= file.modified) best = { name: encoding.name, file: copy, quality }
  }
  return best
}

async function send(ctx: Context, root: string, file: StaticFile, cache: string) {
  ctx.set('Cache-Control', cache)
  ctx.type = path.extname(file.path)
  let sent = file
  if (COMPRESSIBLE.test(file.path)) {
    // Caches must keep the encodings apart, even when this answer is the plain file.
    ctx.vary('Accept-Encoding')
    const encoded = await encodedCopy(ctx, root, file)
    if (encoded) {
      ctx.set('Content-Encoding', encoded.name)
      sent = encoded.file
    }
  }
  ctx.length = sent.size
  // Also for HEAD: koa then sends the headers only and destroys the stream when the answer ends.
  ctx.body = fs.createReadStream(sent.path)
}

/** For load balancers: 200 while the database answers and the server is not stopping. */
export function healthCheck(db: Knex, isStopping: () => boolean): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/health') return next()
    if (isStopping()) {
      ctx.status = 503
      ctx.body = { status: 'stopping' }
      return
    }
    try {
      await db.raw('select 1')
      ctx.body = { status: 'ok' }
    } catch {
      ctx.status = 503
      ctx.body = { status: 'database unavailable' }
    }
  }
}
