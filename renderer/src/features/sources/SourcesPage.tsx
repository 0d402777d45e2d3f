import { useTranslation } from 'react-i18next'
import { NamedListPage } from '../named-list/NamedListPage'

/** /company/sources: where customers heard of the clinic (required for new ones when the company says so). */
export default function SourcesPage() {
  const { t } = useTranslation()
  return (
    <NamedListPage
      config={{
        path: 'sources',
        resource: 'sources',
        withColor: false,
        texts: {
          title: t('sources.title'),
          subtitle: t('sources.subtitle'),
          placeholder: t('sources.new'),
          empty: t('sources.empty'),
          removeConfirm: t('sources.removeConfirm'),
          removeHint: t('trash.removeHint'),
          removed: t('trash.moved')
        }
      }}
    />
  )
}
