import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { allowedAtRunTime, bundleDesktop, nativeModules } from '../../scripts/desktop-bundle'

describe('npm run build:desktop', () => {
  it('bundles main and preload, which require nothing but electron, Node built-ins and (main) the native modules', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'desktop-build-'))
    try {
      const bundle = await bundleDesktop(path.resolve(__dirname, '..', '..'), out)
      expect(bundle.main).toBe(path.join(out, 'main', 'dist', 'main.cjs'))
      expect(bundle.preload).toBe(path.join(out, 'preload', 'dist', 'preload.cjs'))
      expect((await fs.stat(bundle.main)).size).toBeGreaterThan(1000)
      expect((await fs.stat(bundle.preload)).size).toBeGreaterThan(100)
      expect(bundle.imports.preload).toEqual(['electron'])
      expect(bundle.imports.main).toContain('electron')
      for (const specifier of bundle.imports.main) expect(allowedAtRunTime(specifier, 'main')).toBe(true)
      // The bundles themselves agree: every require names electron or a built-in.
      for (const [part, file] of [['main', bundle.main], ['preload', bundle.preload]] as const) {
        const required = [...(await fs.readFile(file, 'utf8')).matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((match) => match[1])
        expect(required.length).toBeGreaterThan(0)
        for (const specifier of required) expect(allowedAtRunTime(specifier, part)).toBe(true)
      }
      // The main process finds the preload where the build puts it.
      expect(await fs.readFile(bundle.main, 'utf8')).toContain('"preload", "dist", "preload.cjs"')
    } finally {
      await fs.rm(out, { recursive: true, force: true })
    }
  })

  it('keeps the native better-sqlite3 (the offline store) out of the main bundle, and out of the preload altogether', async () => {
    expect(allowedAtRunTime('better-sqlite3', 'main')).toBe(true)
    expect(allowedAtRunTime('better-sqlite3', 'preload')).toBe(false)
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'desktop-native-'))
    try {
      const built = await build({ entryPoints: [path.resolve(__dirname, '..', '..', 'main', 'src', 'offline', 'offline-store.ts')], bundle: true, platform: 'node', format: 'cjs', external: ['electron', ...nativeModules], outfile: path.join(out, 'store.cjs'), metafile: true, logLevel: 'silent' })
      const required = Object.values(built.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path))
      expect(required).toContain('better-sqlite3')
      for (const specifier of required) expect(allowedAtRunTime(specifier, 'main')).toBe(true)
    } finally {
      await fs.rm(out, { recursive: true, force: true })
    }
  })

  it('package.json and electron-builder point at the bundles', async () => {
    const root = path.resolve(__dirname, '..', '..')
    const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'))
    expect(pkg.main).toBe('main/dist/main.cjs')
    expect(pkg.scripts['build:desktop']).toContain('tsc -p tsconfig.desktop.json')
    const builder = await fs.readFile(path.join(root, 'electron-builder.yml'), 'utf8')
    expect(builder).toContain('main/dist/**')
    expect(builder).toContain('preload/dist/**')
  })
})
