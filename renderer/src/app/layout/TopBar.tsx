import { Button, Tooltip } from 'antd'
import { FullscreenOutlined, MenuOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from '../../components/LanguageSwitcher'
import { BranchSwitcher } from './BranchSwitcher'
import { UserMenu } from './UserMenu'
import { PatientSearch } from './PatientSearch'
import { useFullScreen } from './full-screen'
import { useCan } from '../../api/permissions'
import { NotificationBell } from '../../features/staff-notifications/NotificationBell'

export function TopBar({ onOpenMenu, phone }: { onOpenMenu: () => void; phone: boolean }) {
  const { t } = useTranslation()
  const { setFullScreen } = useFullScreen()
  const canBell = useCan('my-notifications', 'view')
  return (
    <>
      {phone && <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} />}
      <div className="spacer" />
      <PatientSearch compact={phone} />
      <BranchSwitcher />
      <LanguageSwitcher compact={phone} />
      {!phone && (
        <Tooltip title={t('nav.fullScreen')}>
          <Button type="text" icon={<FullscreenOutlined />} aria-label={t('nav.fullScreen')} onClick={() => setFullScreen(true)} />
        </Tooltip>
      )}
      {canBell && <NotificationBell />}
      <UserMenu />
    </>
  )
}
