import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">{t('app.notFoundTitle')}</h1>}
      subTitle={t('app.notFoundText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
    />
  )
}
