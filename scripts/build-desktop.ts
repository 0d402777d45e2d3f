/**
 * npm run build:desktop: type-checks the shell (tsconfig.desktop.json, run by the npm script
 * before this), then bundles main/dist/main.cjs and preload/dist/preload.cjs.
 */
import path from 'node:path'
import { allowedAtRunTime, bundleDesktop } from './desktop-bundle'

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..')
const bundle = await bundleDesktop(root)
for (const part of ['main', 'preload'] as const) {
  const stray = bundle.imports[part].filter((specifier) => !allowedAtRunTime(specifier, part))
  if (stray.length > 0) throw new Error(`${part} bundle requires ${stray.join(', ')} at run time`)
  console.log(`wrote ${path.relative(root, bundle[part])} (requires ${bundle.imports[part].join(', ') || 'nothing'})`)
}
