import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { MAX_TITLE, titleLanguages } from './code-titles'

/**
 * The title in each language, the screen's own language first: one is required (the server says
 * which when none is given), the others help colleagues and printouts in other languages.
 */
export function TitleFields() {
  const { t, i18n } = useTranslation()
  const own = i18n.language === 'ru1' ? 'ru' : i18n.language
  const ordered = [...titleLanguages].sort((a, b) => Number(b === own) - Number(a === own))
  return (
    <>
      {ordered.map((language) => (
        <Form.Item key={language} name={['titles', language]} label={t(`clinicalCodes.language.${language}`)}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={MAX_TITLE} aria-label={t(`clinicalCodes.language.${language}`)} />
        </Form.Item>
      ))}
    </>
  )
}
