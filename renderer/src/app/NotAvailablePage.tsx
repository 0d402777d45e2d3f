import { Button, Result } from 'antd'
import { ToolOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** A screen of the spec that is not built yet, reached by typing its address (planned-routes.ts). */
export default function NotAvailablePage() {
  const { t } = useTranslation()
  return (
    <Result
      icon={<ToolOutlined />}
      title={<h1 className="result-heading">{t('app.notAvailableTitle')}</h1>}
      subTitle={t('app.notAvailableText')}
      data-testid="not-available"
      extra={
        <Link to="/">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
    />
  )
}
