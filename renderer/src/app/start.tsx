import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { setupI18n } from '../i18n'
import { antdLocale } from '../i18n/antd-locale'
import { whenSignedOutElsewhere } from '../api/auth'
import '../api/identity-events'
import { whenNotAuthenticated } from '../api/query-client'
import { Providers } from './Providers'
import { createAppRouter, prefetchRoute } from './router'
import { toast } from './toasts'
import { i18n } from '../i18n'
import './global.css'

/** Mounts the renderer; the web (web/main.ts) and desktop entries both call this. */
export async function startRenderer(container: HTMLElement) {
  prefetchRoute(window.location.pathname)
  const language = await setupI18n()
  const locale = await antdLocale(language)
  const router = createAppRouter()
  whenSignedOutElsewhere((reason) => {
    void router.navigate('/login')
    // The toast host lives above the router, so the notice survives the navigation.
    toast.warning(i18n.t(reason === 'session-ended' ? 'auth.sessionEnded' : 'auth.reauthFailed'))
  })
  whenNotAuthenticated(() => {
    if (!window.location.pathname.startsWith('/login')) void router.navigate('/login/logout')
  })
  createRoot(container).render(
    <StrictMode>
      <Providers initialLocale={locale}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  )
}
