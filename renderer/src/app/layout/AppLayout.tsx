import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { lazyInBackground } from '../background-chunk'
import { Button, Grid, Layout } from 'antd'
import { FullscreenExitOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { useCan } from '../../api/permissions'
import { PageLoading } from '../../components/PageLoading'
import { platform } from '../../platform'
import { AccountWarning } from './AccountWarning'
import { ConnectionBanner } from './ConnectionBanner'
import { FullScreenProvider, useFullScreen } from './full-screen'
import { Sidebar } from './Sidebar'
import { TopBar } from './TopBar'
import { client } from '../../api/client'
import { useHeardEvents } from '../heard-events'
import { TASK_REMINDED_EVENT } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import type { Task } from '../../features/tasks/task-form'
import type { SlotFreedEvent } from '../../features/waiting-list/waiting-list-types'

const PhoneMenu = lazy(() => import('./PhoneMenu'))

function Brand() {
  const { company } = useSignedIn()
  return (
    <div className="app-brand">
      <img className="app-brand-mark" src="/icons/icon.svg" alt="" />
      <span>{company?.name}</span>
    </div>
  )
}

function Shell() {
  const { t } = useTranslation()
  const screens = Grid.useBreakpoint()
  const phone = !screens.md
  const [menuOpen, setMenuOpen] = useState(false)
  // The drawer's chunk loads the first time the menu opens (the breakpoint reads as a phone on
  // the first render of every screen size, so "phone" alone would load it on desktops too).
  const [menuUsed, setMenuUsed] = useState(false)
  const openMenu = () => {
    setMenuUsed(true)
    setMenuOpen(true)
  }
  const { fullScreen, setFullScreen } = useFullScreen()
  const navigation = useNavigation()
  const location = useLocation()
  // The address whose screen is drawn, once the router has nothing left to load: browser tests
  // that move through the app as a link does wait on it (tests/e2e/support/app.ts openInApp).
  const shown = navigation.state === 'idle' ? location.pathname + location.search : undefined
  const content = (
    <Layout.Content className="app-content" id="main" data-shown={shown}>
      <AccountWarning />
      {navigation.state === 'loading' ? <PageLoading /> : <Outlet />}
    </Layout.Content>
  )
  if (fullScreen) {
    return (
      <Layout className="app-shell">
        <Button className="app-fullscreen-exit" icon={<FullscreenExitOutlined />} onClick={() => setFullScreen(false)}>
          {t('nav.exitFullScreen')}
        </Button>
        {content}
      </Layout>
    )
  }
  return (
    <Layout className="app-shell" hasSider={!phone}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {phone ? (
        menuUsed && (
          <Suspense fallback={null}>
            <PhoneMenu open={menuOpen} onClose={() => setMenuOpen(false)}>
              <Brand />
              <Sidebar onNavigate={() => setMenuOpen(false)} />
            </PhoneMenu>
          </Suspense>
        )
      ) : (
        <Layout.Sider width={232}>
          {/* The sider stretches with the page; its content stays in view while scrolling. */}
          <div className="app-sider-inner">
            <Brand />
            <Sidebar />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="app-header">
          <TopBar phone={phone} onOpenMenu={openMenu} />
        </Layout.Header>
        <Connection />
        {content}
      </Layout>
    </Layout>
  )
}

/** Its own chunk: loaded with the first freed slot, only for people who may book (issue 5). */
const SlotFreedListener = lazyInBackground(() => import('../../features/waiting-list/SlotFreedListener'))

/** The front desk is offered freed slots wherever they are in the app (the code loads with the first). */
function SlotOffers() {
  const { company } = useSignedIn()
  const canBook = useCan('appointment', 'create') && company?.modules?.appointments === true
  const freed = useHeardEvents<SlotFreedEvent>(client.service('appointment'), 'slot-freed', canBook)
  if (!canBook || freed.heard === 0) return null
  return (
    <Suspense fallback={null}>
      <SlotFreedListener freed={freed} />
    </Suspense>
  )
}

/** Its own chunk too: loaded with the first reminder, for people who may view tasks (issue 17). */
const TaskReminderListener = lazyInBackground(() => import('../../features/tasks/TaskReminderListener'))

/** A due reminder reaches its assignee wherever they are in the app (the code loads with the first). */
function TaskReminders() {
  const canTasks = useCan('tasks', 'view')
  const reminded = useHeardEvents<Task>(client.service('tasks'), TASK_REMINDED_EVENT, canTasks)
  if (!canTasks || reminded.heard === 0) return null
  return (
    <Suspense fallback={null}>
      <TaskReminderListener reminded={reminded} />
    </Suspense>
  )
}

/** Its own chunk too, with sip.js: loaded only for one who set up a SIP account on this computer (issue 20). */
const SoftphoneDock = lazyInBackground(() => import('../../features/softphone/SoftphoneDock'))

/** Whether this computer has softphone settings for the person (features/softphone/settings-store.ts keeps them). */
function subscribeSoftphoneSettings(listener: () => void) {
  window.addEventListener('softphone-settings', listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener('softphone-settings', listener)
    window.removeEventListener('storage', listener)
  }
}

/** The softphone registers wherever the person is in the app, to ring on any screen. */
function Softphone() {
  const { user } = useSignedIn()
  const configured = useSyncExternalStore(subscribeSoftphoneSettings, () => {
    try {
      return localStorage.getItem(`softphone:${user._id}`) !== null
    } catch {
      return false
    }
  })
  if (!configured) return null
  return (
    <Suspense fallback={null}>
      <SoftphoneDock />
    </Suspense>
  )
}

/** Its own chunk: loaded after sign-in, for people who may view incoming calls (issue 20). */
const IncomingCallListener = lazyInBackground(() => import('../../features/calls/IncomingCallListener'))

/** The screen pop: a call ringing the user's branch shows the caller's card wherever they are. */
function IncomingCalls() {
  const canCalls = useCan('onlinepbx-incoming-call', 'view')
  if (!canCalls) return null
  return (
    <Suspense fallback={null}>
      <IncomingCallListener />
    </Suspense>
  )
}

/** Its own chunk, in the desktop shell only: the browser has no offline store (issue 20 item 2). */
const OfflineDayKeeper = platform.offline ? lazyInBackground(() => import('../../features/offline-day/OfflineDayKeeper')) : null
/** The shell's connection banner tells of the offline day too; the browser never loads it. */
const OfflineBanner = platform.offline ? lazyInBackground(() => import('../../features/offline-day/OfflineBanner')) : null

/** The connection banner, in the shell with "Offline, N changes waiting" (features/offline-day). */
function Connection() {
  if (!OfflineBanner) return <ConnectionBanner />
  return (
    <Suspense fallback={<ConnectionBanner />}>
      <OfflineBanner />
    </Suspense>
  )
}

/** The shell keeps the branch's day for an outage and sends what was written offline once back. */
function OfflineDay() {
  if (!OfflineDayKeeper) return null
  return (
    <Suspense fallback={null}>
      <OfflineDayKeeper />
    </Suspense>
  )
}

/** The signed-in frame: sidebar, top bar, connection notice and the current screen. */
export default function AppLayout() {
  return (
    <FullScreenProvider>
      <Shell />
      <SlotOffers />
      <TaskReminders />
      <Softphone />
      <IncomingCalls />
      <OfflineDay />
    </FullScreenProvider>
  )
}
