import { useTranslation } from 'react-i18next'
import { NamedListPage } from '../named-list/NamedListPage'

/** /company/tags: coloured labels put on customers. */
export default function TagsPage() {
  const { t } = useTranslation()
  return (
    <NamedListPage
      config={{
        path: 'tags',
        resource: 'tags',
        withColor: true,
        texts: {
          title: t('tags.title'),
          subtitle: t('tags.subtitle'),
          placeholder: t('tags.new'),
          empty: t('tags.empty'),
          removeConfirm: t('tags.removeConfirm'),
          removeHint: t('trash.removeHint'),
          removed: t('trash.moved')
        }
      }}
    />
  )
}
