import { builtinModules } from 'node:module'
import path from 'node:path'
import { build, type BuildOptions, type Metafile } from 'esbuild'

/*
 * Bundles the desktop shell: main/src/main.ts → main/dist/main.cjs and preload/src/preload.ts →
 * preload/dist/preload.cjs (package.json "main" and electron-builder point at these). Electron
 * itself stays external; everything else is inlined, since the sandboxed preload can require
 * nothing but 'electron' and the packaged app carries no node_modules of its own for the shell,
 * but for the native modules main requires (nativeModules), which cannot be inlined.
 */

export interface DesktopBundle {
  main: string
  preload: string
  /** Every module each bundle still requires at run time. */
  imports: { main: string[]; preload: string[] }
}

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)])

/**
 * Native modules the main process requires at run time (never inlined: a `.node` binary built for
 * Electron's ABI, shipped in the packaged app's node_modules): the offline store's better-sqlite3.
 */
export const nativeModules = ['better-sqlite3']

/** Whether a bundle may require this at run time: electron; Node's built-ins and the native modules in main only. */
export const allowedAtRunTime = (specifier: string, bundle: 'main' | 'preload') =>
  specifier === 'electron' || (bundle === 'main' && (nodeBuiltins.has(specifier) || nativeModules.includes(specifier)))

function externalImports(metafile: Metafile | undefined): string[] {
  if (!metafile) throw new Error('esbuild gave no metafile')
  const found = new Set<string>()
  for (const output of Object.values(metafile.outputs)) for (const entry of output.imports) if (entry.external) found.add(entry.path)
  return [...found].sort()
}

/** Builds both bundles under `outRoot` (the repository itself by default). */
export async function bundleDesktop(root: string, outRoot = root): Promise<DesktopBundle> {
  const common: BuildOptions = {
    bundle: true,
    format: 'cjs',
    target: 'node22',
    external: ['electron'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root
  }
  const main = path.join(outRoot, 'main', 'dist', 'main.cjs')
  const preload = path.join(outRoot, 'preload', 'dist', 'preload.cjs')
  const [mainBuild, preloadBuild] = await Promise.all([
    build({ ...common, platform: 'node', external: ['electron', ...nativeModules], entryPoints: [path.join(root, 'main', 'src', 'main.ts')], outfile: main }),
    // The preload runs sandboxed: a browser-like bundle with only electron's renderer modules.
    build({ ...common, platform: 'browser', entryPoints: [path.join(root, 'preload', 'src', 'preload.ts')], outfile: preload })
  ])
  return { main, preload, imports: { main: externalImports(mainBuild.metafile), preload: externalImports(preloadBuild.metafile) } }
}
