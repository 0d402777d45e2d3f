import fs from 'node:fs'
import path from 'node:path'
import { startServer, type TestServer } from './harness'

describe('serving the web app', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer('sqlite')
    const webRoot = server.app.get('config').webRoot
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Clinic</title>')
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("install", () => {})')
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)')
  })
  afterAll(() => server.stop())

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
    expect(asset.headers.get('cache-control')).toContain('immutable')
  })

  it('answers 404 for missing files instead of the page, and never leaves the web root', async () => {
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404)
    expect((await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(404)
  })

  it('offers no REST API: data calls are socket calls only', async () => {
    expect((await fetch(`${server.url}/users`, { headers: { accept: 'application/json' } })).status).toBe(404)
  })
})
