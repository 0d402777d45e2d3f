import type { ReactNode } from 'react'
import { Button, Space } from 'antd'
import { ImportOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '../../components/PageHeader'

interface Props {
  title: string
  subtitle: ReactNode
  canCreate: boolean
  canDelete: boolean
  addLabel: string
  /** Prefix of the buttons' test ids: `<prefix>-import`, `<prefix>-add`. */
  testId: string
  onImport: () => void
  onAdd: () => void
}

/** The header both code lists share: the trash link for who may delete, CSV import and add for who may create. */
export function CodesPageHeader({ title, subtitle, canCreate, canDelete, addLabel, testId, onImport, onAdd }: Props) {
  const { t } = useTranslation()
  return (
    <PageHeader
      title={title}
      subtitle={
        <>
          {subtitle}
          {canDelete && (
            <>
              {' · '}
              <Link to="/company/trash">{t('trash.open')}</Link>
            </>
          )}
        </>
      }
      extra={
        canCreate && (
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={onImport} data-testid={`${testId}-import`}>
              {t('clinicalCodes.importCsv')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
          </Space>
        )
      }
    />
  )
}
