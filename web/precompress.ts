import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing; images (png, woff2…) are compressed already. Source maps are left out: rarely fetched, slow to compress. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico|xml)$/
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 1024

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible
 * file of the build, once the service worker is written (so sw.js and workbox-*.js get theirs
 * too). The server (server/src/web.ts) sends one of them when the browser accepts it.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'clinic:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await fs.promises.readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name))
        await Promise.all(
          files.map(async (file) => {
            const content = await fs.promises.readFile(file)
            if (content.length < MIN_BYTES) return
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length
                }
              }),
              gzip(content, { level: 9 })
            ])
            // A copy that is not smaller is not worth sending; the server then sends the file.
            if (br.length < content.length) await fs.promises.writeFile(`${file}.br`, br)
            if (gz.length < content.length) await fs.promises.writeFile(`${file}.gz`, gz)
          })
        )
      }
    }
  }
}
