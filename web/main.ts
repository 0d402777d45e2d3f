import { chooseManifest } from './pwa/manifest'
import { trackViewportHeight } from './pwa/viewport'
import { handlePreloadErrors } from './pwa/preload-error'
import { registerServiceWorker } from './pwa/register-sw'
import { startRenderer } from '../renderer/src/app/start'
import { platform } from '../renderer/src/platform'

/** The PWA entry: browser-only concerns first, then the shared renderer. */
chooseManifest()
trackViewportHeight()
handlePreloadErrors()
void startRenderer(document.getElementById('root') as HTMLElement).then(() => {
  // The browser updates through the service worker, the desktop shell through its own updater
  // (whose notice's code only the shell downloads).
  if (platform.updates) void import('../renderer/src/features/desktop-update/desktop-update').then((updates) => updates.watchDesktopUpdates())
  return registerServiceWorker()
})
