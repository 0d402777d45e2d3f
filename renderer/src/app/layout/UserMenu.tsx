import { Dropdown, Typography } from 'antd'
import { LockOutlined, LogoutOutlined, PrinterOutlined, ScheduleOutlined, TabletOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { useCan } from '../../api/permissions'
import { PersonAvatar } from '../../components/PersonAvatar'
import { roleLabel } from '../../features/roles/role-label'
import { platform } from '../../platform'

export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user, role } = useSignedIn()
  // The tablet for signatures is for those who may ask for them (documents create).
  const canSign = useCan('documents', 'create')
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'me', icon: <UserOutlined />, label: t('nav.profile'), onClick: () => navigate('/profile/me') },
          { key: 'schedule', icon: <ScheduleOutlined />, label: t('schedule.myTitle'), onClick: () => navigate('/profile/schedule') },
          { key: 'security', icon: <LockOutlined />, label: t('nav.security'), onClick: () => navigate('/profile/security') },
          // The workstation's printers: only the desktop shell has them.
          ...(platform.printers ? [{ key: 'printers', icon: <PrinterOutlined />, label: t('printers.title'), onClick: () => navigate('/profile/printers'), 'data-testid': 'menu-printers' }] : []),
          // No icon of its own: an icon's drawing is ~0.4 kB on every first screen (first-screen-size.spec.ts).
          { key: 'softphone', icon: <ScheduleOutlined style={{ visibility: 'hidden' }} />, label: t('softphone.title'), onClick: () => navigate('/profile/softphone'), 'data-testid': 'menu-softphone' },
          ...(canSign ? [{ key: 'kiosk', icon: <TabletOutlined />, label: t('nav.kiosk'), onClick: () => navigate('/kiosk'), 'data-testid': 'menu-kiosk' }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('auth.signOut'), onClick: () => navigate('/login/logout') }
        ]
      }}
    >
      <button type="button" className="user-menu-button" aria-label={t('nav.account')} data-testid="user-menu">
        <PersonAvatar person={user} />
        <span className="hide-on-phone user-menu-name">
          <Typography.Text strong ellipsis>
            {user.first_name} {user.last_name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {roleLabel(role, t)}
          </Typography.Text>
        </span>
      </button>
    </Dropdown>
  )
}
