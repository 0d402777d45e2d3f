import { useMemo, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { Empty, Input, Modal, Spin, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { pickTemplates, type PickableTemplate } from './template-insert'

interface Props {
  templates: readonly PickableTemplate[] | undefined
  /** Where the field is (`notes`, `exam`, `messages`); templates offered everywhere always show. */
  place?: string
  onPick: (template: PickableTemplate) => void
  onClose: () => void
}

const stop = (event: SyntheticEvent) => event.stopPropagation()
const optionId = (id: string) => `text-template-option-${id}`

/**
 * The searchable list of the company's text templates, opened from a long text field
 * (TemplateTextArea): type to narrow, arrows to move, Enter to insert, Esc to close. The mouse
 * works too. Focus stays in the search box; the list follows it (aria-activedescendant).
 */
export function TextTemplatePicker({ templates, place, onPick, onClose }: Props) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [term, setTerm] = useState('')
  const [active, setActive] = useState(0)
  const shown = useMemo(() => pickTemplates(templates ?? [], term, place), [templates, term, place])
  const current = shown[Math.min(active, shown.length - 1)]

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (shown.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (Math.min(index, shown.length - 1) + step + shown.length) % shown.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (current) onPick(current)
    }
  }

  // The modal is a portal, but React events still bubble to the field's parents: a drawer would
  // close on this Esc, a row would take this click. They stop here, so Esc is handled here too
  // (the dialog's own listener is above the point where they stop).
  function keepInside(event: KeyboardEvent<HTMLDivElement>) {
    event.stopPropagation()
    if (event.key === 'Escape') onClose()
  }

  return (
    <div onKeyDown={keepInside} onClick={stop} onMouseDown={stop} style={{ display: 'contents' }}>
      <Modal open title={t('textTemplates.insert')} onCancel={onClose} footer={<Typography.Text type="secondary">{t('textTemplates.pickerKeys')}</Typography.Text>} destroyOnHidden width={560}>
        <Input
          autoFocus
          allowClear
          value={term}
          onChange={(event) => {
            setTerm(event.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
          placeholder={t('textTemplates.pickerSearch')}
          aria-label={t('textTemplates.pickerSearch')}
          role="combobox"
          aria-expanded
          aria-controls="text-template-options"
          aria-activedescendant={current ? optionId(current._id) : undefined}
          data-testid="text-template-search"
        />
        {templates === undefined ? (
          <div style={{ padding: 24, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('textTemplates.pickerEmpty')} />
        ) : (
          <div id="text-template-options" role="listbox" aria-label={t('textTemplates.title')} style={{ maxHeight: 360, overflowY: 'auto', marginTop: 8 }}>
            {shown.map((template) => {
              const selected = template === current
              return (
                <div
                  key={template._id}
                  id={optionId(template._id)}
                  role="option"
                  aria-selected={selected}
                  data-testid="text-template-option"
                  // The search box keeps focus: a click must not take it away before the pick.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onPick(template)}
                  onMouseEnter={() => setActive(shown.indexOf(template))}
                  ref={(node) => {
                    if (selected) node?.scrollIntoView?.({ block: 'nearest' })
                  }}
                  style={{ padding: '6px 8px', borderRadius: 6, cursor: 'pointer', background: selected ? token.controlItemBgActive : undefined }}
                >
                  <Typography.Text strong>{template.title}</Typography.Text>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, whiteSpace: 'pre-line' }}>
                    {template.content}
                  </Typography.Paragraph>
                </div>
              )
            })}
          </div>
        )}
      </Modal>
    </div>
  )
}
