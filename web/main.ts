import { chooseManifest } from './pwa/manifest'
import { trackViewportHeight } from './pwa/viewport'
import { handlePreloadErrors } from './pwa/preload-error'
import { registerServiceWorker } from './pwa/register-sw'
import { startRenderer } from '../renderer/src/app/start'

/** The PWA entry: browser-only concerns first, then the shared renderer. */
chooseManifest()
trackViewportHeight()
handlePreloadErrors()
void startRenderer(document.getElementById('root') as HTMLElement).then(() => registerServiceWorker())
