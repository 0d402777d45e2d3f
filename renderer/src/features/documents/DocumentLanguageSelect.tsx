import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { documentLanguages, type DocumentLanguage } from '../../../../domain/documents/kinds'

interface Props {
  value: DocumentLanguage | undefined
  onChange: (language: DocumentLanguage | undefined) => void
}

/** The language a document prints in; none: the patient's, else the clinic's. */
export function DocumentLanguageSelect({ value, onChange }: Props) {
  const { t } = useTranslation()
  return (
    <Select<DocumentLanguage | 'auto'>
      size="small"
      value={value ?? 'auto'}
      onChange={(next) => onChange(next === 'auto' ? undefined : next)}
      aria-label={t('documents.language')}
      popupMatchSelectWidth={false}
      options={[{ value: 'auto', label: t('documents.languageAuto') }, ...documentLanguages.map((language) => ({ value: language, label: t(`documents.languages.${language}`) }))]}
      data-testid="document-language"
    />
  )
}
