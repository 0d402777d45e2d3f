import { Button, Dropdown, Tooltip } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { usePrint } from './usePrint'
import { useSignRequest } from './useSignRequest'
import { isSignableKind } from '../../../../domain/documents/signing'

export interface PrintChoice {
  /** Names the choice (and its spinner). */
  key: string
  /** The label's key under `documents.`. */
  label: string
  data: PrintedDocumentData
}

export interface PrintButtonProps {
  choices: PrintChoice[]
  size?: 'small' | 'middle'
  /** In a table's row or a toolbar: the printer icon alone (its name in a tooltip). */
  iconOnly?: boolean
}

/** The print button itself, once the documents' texts are loaded (PrintButton.tsx). */
export function PrintMenu({ choices, size = 'middle', iconOnly = false }: PrintButtonProps) {
  const { t } = useTranslation()
  const { print, download, printing } = usePrint()
  const signing = useSignRequest()
  if (choices.length === 0) return null
  const [first] = choices
  if (choices.length === 1) {
    // A plan (a signable kind) is also asked to be signed on a tablet from here.
    const items = [
      { key: 'download', label: t('documents.download') },
      ...(isSignableKind(first.data.kind) ? [{ key: 'sign', label: t('documents.signing.signOnTablet'), 'data-testid': `sign-${first.key}` }] : [])
    ]
    return (
      <>
        <Dropdown.Button
          size={size}
          loading={printing === first.key || signing.requesting === first.key}
          onClick={() => void print(first.key, first.data)}
          menu={{ items, onClick: ({ key }) => void (key === 'sign' ? signing.ask(first.key, first.data) : download(first.key, first.data)) }}
          data-testid={`print-${first.key}`}
          buttonsRender={([main, more]) => [iconOnly ? <Tooltip title={t(`documents.${first.label}`)}>{main}</Tooltip> : main, more]}
        >
          <PrinterOutlined aria-label={iconOnly ? t(`documents.${first.label}`) : undefined} /> {iconOnly ? null : t(`documents.${first.label}`)}
        </Dropdown.Button>
        {signing.dialog}
      </>
    )
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: choices.map((choice) => ({ key: choice.key, label: t(`documents.${choice.label}`), 'data-testid': `print-${choice.key}` })),
        onClick: ({ key }) => {
          const choice = choices.find((candidate) => candidate.key === key)
          if (choice) void print(choice.key, choice.data)
        }
      }}
    >
      <Button size={size} type={iconOnly ? 'text' : 'default'} icon={<PrinterOutlined />} loading={printing !== null} aria-label={t('documents.print')} data-testid="print-menu">
        {iconOnly ? null : t('documents.print')}
      </Button>
    </Dropdown>
  )
}
