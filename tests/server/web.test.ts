import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { configurationFromEnv } from '../../server/src/configuration'
import { startServer, type TestServer } from './support/harness'

const SECRET = 'signing-secret-that-must-never-be-served'
/** A built chunk big enough to have compressed copies beside it (web/precompress.ts). */
const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word-${i}`))}\n`
const PAGE = `<!doctype html><title>Clinic</title>${'<!-- padding -->'.repeat(100)}`

describe('serving the web app', () => {
  let server: TestServer
  // The layout of the reported attack: the web root `<base>/site` and, beside it, a data folder
  // whose name starts with the web root's (`<base>/site-data`) holding the secret and the database.
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-web-'))
  const webRoot = path.join(base, 'site')
  const siteData = path.join(base, 'site-data')

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    fs.mkdirSync(siteData)
    fs.writeFileSync(path.join(siteData, 'auth-secret'), SECRET)
    fs.writeFileSync(path.join(siteData, 'clinic.sqlite3'), `SQLite format 3 ${SECRET}`)
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Clinic</title>')
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("install", () => {})')
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)')
    // Symlinks inside the web root: one leading out (never followed), one staying inside (fine).
    fs.symlinkSync(path.join(siteData, 'auth-secret'), path.join(webRoot, 'secret.txt'))
    fs.symlinkSync(siteData, path.join(webRoot, 'data-link'))
    fs.symlinkSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), path.join(webRoot, 'latest.js'))
    // Compressed copies as the build writes them, for a chunk, the page and a stylesheet (gzip only).
    const compressed = (file: string, content: string, encodings: ('br' | 'gz')[] = ['br', 'gz']) => {
      fs.writeFileSync(file, content)
      if (encodings.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content))
      if (encodings.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
    }
    compressed(path.join(webRoot, 'assets', 'words-4d5e6f.js'), CHUNK)
    compressed(path.join(webRoot, 'assets', 'style-4d5e6f.css'), `.a{color:red}${' .b{color:blue}'.repeat(100)}`, ['gz'])
    fs.writeFileSync(path.join(webRoot, 'app.html'), PAGE)
    fs.writeFileSync(path.join(webRoot, 'app.html.br'), zlib.brotliCompressSync(PAGE))
    // A compressed "copy" that is a link out of the web root must never be followed either.
    fs.symlinkSync(path.join(siteData, 'auth-secret'), path.join(webRoot, 'assets', 'app-1a2b3c.js.br'))
    fs.symlinkSync(path.join(siteData, 'auth-secret'), path.join(webRoot, 'assets', 'app-1a2b3c.js.gz'))
    server = await startServer('sqlite', { webRoot, dataDir: siteData })
  })
  afterAll(async () => {
    await server.stop()
    fs.rmSync(base, { recursive: true, force: true })
  })

  /** A request with the path sent byte for byte (fetch would normalise `..` and backslashes). */
  function raw(rawPath: string, method = 'GET', headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; body: string; bytes: Buffer; headers: http.IncomingHttpHeaders }> {
    const { hostname, port } = new URL(server.url)
    return new Promise((resolve, reject) => {
      const request = http.request({ hostname, port, path: rawPath, method, headers, timeout: 5000 }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({ status: response.statusCode ?? 0, body: bytes.toString('utf8'), bytes, headers: response.headers })
        })
      })
      request.on('timeout', () => request.destroy(new Error(`no answer for ${rawPath}`)))
      request.on('error', reject)
      request.end()
    })
  }

  it('answers history-mode routes with index.html', async () => {
    const response = await fetch(`${server.url}/people/team`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Clinic</title>')
  })

  it('serves /sw.js uncached so a new version is noticed, and hashed assets cached for long', async () => {
    const worker = await fetch(`${server.url}/sw.js`)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    expect(worker.headers.get('content-type')).toContain('javascript')
    const asset = await fetch(`${server.url}/assets/app-1a2b3c.js`)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await asset.text()).toBe('console.log(1)')
  })

  it('answers HEAD with the headers of the file and no body', async () => {
    const head = await raw('/assets/app-1a2b3c.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String('console.log(1)'.length))
    expect(head.headers['cache-control']).toContain('immutable')
    expect(head.body).toBe('')
    expect((await raw('/assets/missing.js', 'HEAD')).status).toBe(404)
  })

  it('answers 404 for missing files instead of the page', async () => {
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404)
  })

  it('never serves the sibling data folder through an encoded ..%2f (the reported attack)', async () => {
    for (const attack of ['/..%2fsite-data/auth-secret', '/..%2fsite-data/clinic.sqlite3', '/..%2Fsite-data%2Fauth-secret']) {
      const response = await raw(attack)
      expect([400, 404]).toContain(response.status)
      expect(response.body).not.toContain(SECRET)
    }
    expect((await raw('/..%2f..%2fetc%2fpasswd')).status).toBe(400)
  })

  it('refuses encoded backslashes, double encoding, NUL and malformed escapes', async () => {
    expect((await raw('/..%5csite-data%5cauth-secret')).status).toBe(400)
    expect((await raw('/..%5Csite-data/auth-secret')).status).toBe(400)
    expect((await raw('/..\\site-data\\auth-secret')).status).toBe(400)
    // Decoded once, `%252f` is a literal "%2f" in a file name: nothing of that name exists.
    expect((await raw('/..%252fsite-data%252fauth-secret')).status).toBe(404)
    expect((await raw('/index.html%00.js')).status).toBe(400)
    expect((await raw('/%E0%A4%A')).status).toBe(400)
    expect((await raw('/%E0%A4%A', 'GET', { accept: 'text/html' })).status).toBe(400)
  })

  it('does not follow a symlink that leads out of the web root, but does one that stays inside', async () => {
    for (const link of ['/secret.txt', '/data-link/auth-secret', '/data-link/clinic.sqlite3']) {
      // Asked as a file: not found. Asked as a page (no extension): the app's page, not the file.
      expect((await raw(link, 'GET', { accept: 'application/octet-stream' })).status).toBe(404)
      expect((await raw(link, 'GET', { accept: 'text/html' })).body).not.toContain(SECRET)
    }
    expect((await raw('/latest.js')).body).toBe('console.log(1)')
  })

  it('never answers 5xx nor leaks the secret, whatever the path', async () => {
    const nasty = [
      '/../site-data/auth-secret',
      '/assets/../../site-data/auth-secret',
      '/%2e%2e/site-data/auth-secret',
      '/%2e%2e%2fsite-data/auth-secret',
      '/assets/%2e%2e/%2e%2e/site-data/auth-secret',
      '/%C0%AE%C0%AE/site-data/auth-secret',
      '/..%c0%afsite-data/auth-secret',
      '/%',
      '/%zz',
      '/%00',
      '/%u002e%u002e/site-data',
      '/' + 'a'.repeat(5000),
      '/' + 'a/'.repeat(2000),
      '//site-data/auth-secret',
      '/data-link',
      '/assets',
      '/assets/',
      '/.',
      '/..',
      '/%2e',
      '/%2e%2e'
    ]
    for (const nastyPath of nasty) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await raw(nastyPath, 'GET', { accept, 'accept-encoding': 'gzip, br' })
        expect({ nastyPath, status: response.status < 500 }).toEqual({ nastyPath, status: true })
        expect(response.body).not.toContain(SECRET)
      }
    }
  })

  describe('compressed copies', () => {
    const asset = '/assets/words-4d5e6f.js'

    it('sends brotli when the browser accepts it, with the type, length and cache of the file', async () => {
      const response = await raw(asset, 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['content-type']).toContain('javascript')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers['content-length']).toBe(String(response.bytes.length))
      expect(response.bytes.length).toBeLessThan(CHUNK.length)
      expect(zlib.brotliDecompressSync(response.bytes).toString('utf8')).toBe(CHUNK)
    })

    it('falls back to gzip when brotli is refused or has no copy', async () => {
      for (const acceptEncoding of ['gzip', 'gzip, br;q=0', 'br;q=0.5, gzip', 'deflate, gzip;q=0.8']) {
        const response = await raw(asset, 'GET', { 'accept-encoding': acceptEncoding })
        expect({ acceptEncoding, encoding: response.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: 'gzip' })
        expect(response.headers['content-length']).toBe(String(response.bytes.length))
        expect(zlib.gunzipSync(response.bytes).toString('utf8')).toBe(CHUNK)
      }
      const css = await raw('/assets/style-4d5e6f.css', 'GET', { 'accept-encoding': 'br, gzip' })
      expect(css.headers['content-encoding']).toBe('gzip')
      expect(css.headers['content-type']).toContain('text/css')
      expect(css.headers.vary).toMatch(/accept-encoding/i)
    })

    it('sends the file itself when neither encoding is accepted', async () => {
      for (const acceptEncoding of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'gzip;q=0, br;q=0.0']) {
        const response = await raw(asset, 'GET', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding })
        expect({ acceptEncoding, encoding: response.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: undefined })
        expect(response.body).toBe(CHUNK)
        expect(response.headers['content-length']).toBe(String(Buffer.byteLength(CHUNK)))
        expect(response.headers.vary).toMatch(/accept-encoding/i)
      }
      // `*` stands for any encoding not named.
      expect((await raw(asset, 'GET', { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br')
      expect((await raw(asset, 'GET', { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding']).toBe('gzip')
    })

    it('answers HEAD with the headers of the compressed copy', async () => {
      const head = await raw(asset, 'HEAD', { 'accept-encoding': 'br' })
      expect(head.headers['content-encoding']).toBe('br')
      expect(head.headers['content-length']).toBe(String(fs.statSync(path.join(webRoot, 'assets', 'words-4d5e6f.js.br')).size))
      expect(head.body).toBe('')
    })

    it('compresses the page too, also as the answer to a history-mode route', async () => {
      const page = await raw('/app.html', 'GET', { 'accept-encoding': 'gzip, br' })
      expect(page.headers['content-encoding']).toBe('br')
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(zlib.brotliDecompressSync(page.bytes).toString('utf8')).toBe(PAGE)
      // index.html has no copy here: sent as it is, still marked as varying.
      const route = await raw('/people/team', 'GET', { accept: 'text/html', 'accept-encoding': 'gzip, br' })
      expect(route.headers['content-encoding']).toBeUndefined()
      expect(route.headers.vary).toMatch(/accept-encoding/i)
      expect(route.body).toContain('<title>Clinic</title>')
    })

    it('never sends a copy by its own name, nor as another type', async () => {
      for (const copy of [`${asset}.br`, `${asset}.gz`, `${asset}.BR`, '/app.html.br']) {
        for (const accept of ['*/*', 'text/html']) {
          const response = await raw(copy, 'GET', { accept, 'accept-encoding': 'gzip, br' })
          expect({ copy, status: response.status }).toEqual({ copy, status: 404 })
        }
      }
    })

    it('does not follow a compressed copy that links out of the web root', async () => {
      for (const acceptEncoding of ['br', 'gzip']) {
        const response = await raw('/assets/app-1a2b3c.js', 'GET', { 'accept-encoding': acceptEncoding })
        expect(response.headers['content-encoding']).toBeUndefined()
        expect(response.body).toBe('console.log(1)')
      }
    })

    it('ignores a copy older than its file (the file was replaced after the build)', async () => {
      const file = path.join(webRoot, 'assets', 'replaced-4d5e6f.js')
      fs.writeFileSync(file, CHUNK)
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(CHUNK))
      const updated = `${CHUNK}// next version\n`
      fs.writeFileSync(file, updated)
      const past = new Date(Date.now() - 60_000)
      fs.utimesSync(`${file}.br`, past, past)
      const response = await raw('/assets/replaced-4d5e6f.js', 'GET', { 'accept-encoding': 'br' })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body).toBe(updated)
    })

    it('leaves images alone', async () => {
      fs.writeFileSync(path.join(webRoot, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
      const response = await raw('/logo.png', 'GET', { 'accept-encoding': 'br, gzip' })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toBeUndefined()
      expect(response.headers['content-type']).toBe('image/png')
    })
  })

  it('offers no REST API: data calls are socket calls only', async () => {
    expect((await fetch(`${server.url}/users`, { headers: { accept: 'application/json' } })).status).toBe(404)
  })
})

describe('the configuration keeps data out of the web root', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-config-'))
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }))
  const configure = (DATA_DIR: string, WEB_ROOT: string) => () => configurationFromEnv({ DATA_DIR, WEB_ROOT, AUTH_SECRET: 'x'.repeat(40) }, base)

  it('refuses to start with the data folder inside the web root, equal to it, or the web root inside it', () => {
    expect(configure('site/data', 'site')).toThrow(/DATA_DIR .* is inside WEB_ROOT/)
    expect(configure('site', 'site')).toThrow(/DATA_DIR .* is the same folder as WEB_ROOT/)
    expect(configure('data', 'data/web')).toThrow(/WEB_ROOT .* is inside DATA_DIR/)
  })

  it('sees through a symlink that puts the data folder inside the web root', () => {
    fs.mkdirSync(path.join(base, 'public', 'files'), { recursive: true })
    fs.symlinkSync(path.join(base, 'public', 'files'), path.join(base, 'innocent'))
    expect(configure('innocent/data', 'public')).toThrow(/DATA_DIR .* is inside WEB_ROOT/)
  })

  it('accepts separate folders, even a sibling whose name starts like the web root', () => {
    expect(configure('site-data', 'site')().dataDir).toBe(path.join(base, 'site-data'))
    expect(configure('data', 'web/dist')().webRoot).toBe(path.join(base, 'web/dist'))
  })
})
