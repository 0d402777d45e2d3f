import fs from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import type { Knex } from 'knex'

/**
 * Serves the built web app: files from the build folder, `/sw.js` without caching (so a new
 * version is noticed), hashed assets cached for a year, and index.html for every other GET
 * that asks for a page (history-mode routes such as /people/team).
 */
export function serveWebApp(webRoot: string): Middleware {
  const root = path.resolve(webRoot)
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    const requested = path.resolve(root, `.${decodeURIComponent(ctx.path)}`)
    if (!requested.startsWith(root)) return next()
    const file = await existingFile(requested)
    if (file) return send(ctx, file, cacheControl(ctx.path))
    const wantsPage = ctx.accepts('html') === 'html' && !path.extname(ctx.path)
    const index = path.join(root, 'index.html')
    if (wantsPage && (await existingFile(index))) return send(ctx, index, 'no-cache')
    return next()
  }
}

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'no-cache'
}

async function existingFile(file: string): Promise<string | null> {
  try {
    const stat = await fs.promises.stat(file)
    return stat.isFile() ? file : null
  } catch {
    return null
  }
}

function send(ctx: Parameters<Middleware>[0], file: string, cache: string) {
  ctx.set('Cache-Control', cache)
  ctx.type = path.extname(file)
  ctx.body = fs.createReadStream(file)
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
