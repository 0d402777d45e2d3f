import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './precompress'
import { textAreasPlugin } from './text-areas-plugin'

/**
 * Builds the PWA: `web/` is the Vite root (index.html, main.ts, public/), the renderer code
 * comes from `../renderer/src`. Output goes to web/dist, which the server serves (WEB_ROOT).
 * Usage: vite build --config web/vite.config.ts   ·   dev: vite --config web/vite.config.ts
 */
const root = fileURLToPath(new URL('.', import.meta.url))
const serverUrl = process.env.DEV_SERVER_URL ?? 'http://localhost:3030'
/**
 * Chunks that load on an event or in the background, never on the way to a screen: a call
 * ringing (the screen pop), the first notice of a stack, the bell's first opening, the softphone
 * dock. The list of files to preload beside their import sat on every signed-in first screen
 * (1.5 kB for the screen pop's alone); without it their imports load when they do, a moment
 * later, where nobody waits for them. Not the layout's listeners (freed slots, task reminders,
 * incoming calls): they must be listening before the first event comes, so their code loads in
 * parallel, preload list and all.
 */
const LOADED_ON_EVENT = /(?:^|\/)(?:IncomingCallPops|NoticeHolder|NotificationPanel|SoftphoneDock)-[\w-]+\.js$/

export default defineConfig({
  root,
  // react-big-calendar's drag-and-drop addon is CommonJS that reads `.default` off its own
  // imports; without the legacy interop it builds but crashes when the calendar mounts.
  legacy: { inconsistentCjsInterop: true },
  publicDir: 'public',
  plugins: [
    react(),
    textAreasPlugin(),
    VitePWA({
      // Two manifests chosen at runtime by device (web/pwa/manifest.ts), so none is injected.
      manifest: false,
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      registerType: 'prompt',
      workbox: {
        // The app shell only: built code, styles, the page and icons. Never API data (the API
        // is a websocket, and there is deliberately no runtime caching).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The heavy libraries of one screen each (pdf.js for the signing kiosk, exceljs and
        // pdfmake with its fonts for a report's export: 4.1 MB together) are not downloaded by
        // every install: they are fetched when first used (the browser's own cache keeps their
        // hashed files).
        globIgnores: ['**/assets/pdf.worker.min-*.js', '**/assets/pdf-*.js', '**/assets/exceljs.min-*.js', '**/assets/pdfmake-*.js', '**/assets/vfs_fonts-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/socket\.io/, /^\/health/, /^\/uploads/, /^\/api\//, /^\/v\//, /^\/u\//, /^\/hooks\//, /^\/media\//, /^\/documents\/[0-9a-f-]{36}\/file/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Staff notifications' Web Push: shows a push and opens its link (web/public/push-sw.js).
        importScripts: ['/push-sw.js']
      }
    }),
    // Last: the .br and .gz copies the server sends (server/src/web.ts); never precached (the
    // globs above name the plain files only, and the browser decodes what it fetches).
    precompress()
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    modulePreload: { resolveDependencies: (filename, deps) => (LOADED_ON_EVENT.test(filename) ? [] : deps) }
  },
  server: {
    port: 5173,
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: { '/socket.io': { target: serverUrl, ws: true } }
  }
})
