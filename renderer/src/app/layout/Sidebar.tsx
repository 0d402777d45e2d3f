import type { ReactNode } from 'react'
import { Menu } from 'antd'
import {
  HomeOutlined,
  TeamOutlined,
  SafetyCertificateOutlined,
  BankOutlined,
  DesktopOutlined,
  SettingOutlined,
  UserOutlined,
  ContactsOutlined,
  CalendarOutlined,
  ProjectOutlined,
  HourglassOutlined,
  FileTextOutlined,
  WalletOutlined,
  BarChartOutlined
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { useFind } from '../../api/live'
import { activeNavKey, navItems, visibleNavItems, type NavItem } from './nav-items'

/**
 * The checkout's cart, drawn here rather than taken from the icon set: the home screen loads the
 * sidebar, and its script budget (tests/e2e/first-screen-size.spec.ts) has no room for another icon.
 */
function CartIcon() {
  return (
    <span role="img" aria-hidden="true" className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2 3h3l3 12h11l2-8H6" />
        <circle cx="9" cy="20" r="1" />
        <circle cx="18" cy="20" r="1" />
      </svg>
    </span>
  )
}

/** A speech bubble, drawn here for the same reason as the cart. */
function ChatIcon() {
  return (
    <span role="img" aria-hidden="true" className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
      </svg>
    </span>
  )
}

/** The conversations with unread messages (the patients the member sees), live. */
function UnreadChats() {
  const { t } = useTranslation()
  const unread = useFind('customer-chat-messages', { unread: { $gt: 0 }, $limit: 0 }).data?.total ?? 0
  return unread > 0 ? <span className="nav-badge" data-testid="pulse-unread" aria-label={`${t('nav.pulse')}: ${unread}`}>{unread > 99 ? '99+' : unread}</span> : null
}

const icons: Record<NavItem['icon'], ReactNode> = {
  home: <HomeOutlined />,
  chat: <ChatIcon />,
  pos: <CartIcon />,
  calendar: <CalendarOutlined />,
  waitingList: <HourglassOutlined />,
  board: <ProjectOutlined />,
  customers: <ContactsOutlined />,
  invoices: <FileTextOutlined />,
  team: <TeamOutlined />,
  roles: <SafetyCertificateOutlined />,
  company: <BankOutlined />,
  sessions: <DesktopOutlined />,
  settings: <SettingOutlined />,
  profile: <UserOutlined />,
  earnings: <WalletOutlined />,
  reports: <BarChartOutlined />
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const session = useSignedIn()
  const { pathname } = useLocation()
  const items = visibleNavItems(navItems, session.role?.permissions, session.company?.modules, session.user)
  return (
    <nav aria-label={t('nav.label')}>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[activeNavKey(items, pathname) ?? '']}
        // Real links: keyboard, middle-click and screen readers treat them as navigation.
        items={items.map((item) => ({
          key: item.key,
          icon: icons[item.icon],
          label: (
            <Link to={item.path}>
              {t(item.label)}
              {item.key === 'pulse' && <UnreadChats />}
            </Link>
          )
        }))}
        onClick={() => onNavigate?.()}
      />
    </nav>
  )
}
