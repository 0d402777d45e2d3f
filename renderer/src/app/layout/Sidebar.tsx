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
  HourglassOutlined
} from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { activeNavKey, navItems, visibleNavItems, type NavItem } from './nav-items'

const icons: Record<NavItem['icon'], ReactNode> = {
  home: <HomeOutlined />,
  calendar: <CalendarOutlined />,
  waitingList: <HourglassOutlined />,
  board: <ProjectOutlined />,
  customers: <ContactsOutlined />,
  team: <TeamOutlined />,
  roles: <SafetyCertificateOutlined />,
  company: <BankOutlined />,
  sessions: <DesktopOutlined />,
  settings: <SettingOutlined />,
  profile: <UserOutlined />
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  const session = useSignedIn()
  const { pathname } = useLocation()
  const items = visibleNavItems(navItems, session.role?.permissions, session.company?.modules)
  return (
    <nav aria-label={t('nav.label')}>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[activeNavKey(items, pathname) ?? '']}
        // Real links: keyboard, middle-click and screen readers treat them as navigation.
        items={items.map((item) => ({ key: item.key, icon: icons[item.icon], label: <Link to={item.path}>{t(item.label)}</Link> }))}
        onClick={() => onNavigate?.()}
      />
    </nav>
  )
}
