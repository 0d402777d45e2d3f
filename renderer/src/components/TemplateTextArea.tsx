import { forwardRef, useContext, useImperativeHandle, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { Button, Input, Tooltip } from 'antd'
import { SnippetsOutlined } from '@ant-design/icons'
import type { TextAreaProps, TextAreaRef } from 'antd/es/input/TextArea'
import DisabledContext from 'antd/es/config-provider/DisabledContext'
import { useTranslation } from 'react-i18next'
import { useFind } from '../api/live'
import { useCan } from '../api/permissions'
import type { TextTemplatePlace } from '../../../server/src/services/documents/text-templates/text-templates.shared'
import { insertSnippet, typedTrigger, type PickableTemplate, type Selection } from './template-insert'
import { TextTemplatePicker } from './TextTemplatePicker'

export type TemplateTextAreaProps = TextAreaProps & {
  /** Where this field is: the picker also offers the templates meant for this place. */
  templatePlace?: Exclude<TextTemplatePlace, 'any'>
}

/** The one query every field shares: the whole list, cached and kept current by its events. */
const ALL_TEMPLATES = { $limit: 500 } as const

/**
 * Sets a textarea's value as typing would, so React's onChange runs and both a controlled field
 * (antd Form, a screen's state) and an uncontrolled one follow the inserted text.
 */
function typeInto(area: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value)
  area.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * antd's `Input.TextArea` with the company's text templates (issue 17, item 4): typing `//` at the
 * start of a line or after a space, Ctrl+Shift+Space, or the small button in the corner opens a
 * searchable picker; the chosen template goes in at the caret (replacing the `//`). Same props and
 * ref as the TextArea; for people who may not view text templates it is the plain TextArea.
 */
export const TemplateTextArea = forwardRef<TextAreaRef, TemplateTextAreaProps>(function TemplateTextArea({ templatePlace, ...props }, ref) {
  const { t } = useTranslation()
  const canView = useCan('text-templates', 'view')
  const inner = useRef<TextAreaRef>(null)
  useImperativeHandle(ref, () => inner.current as TextAreaRef)
  // Asked for the first time the field is used, then shared with every other field.
  const [wanted, setWanted] = useState(false)
  const templates = useFind('text-templates', ALL_TEMPLATES, canView && wanted)
  const [picking, setPicking] = useState<{ selection: Selection; trigger: boolean } | null>(null)
  // A form switched off while it saves disables its fields through this context, not a prop.
  const formDisabled = useContext(DisabledContext)
  const usable = !(props.disabled ?? formDisabled) && !props.readOnly
  if (!canView) return <Input.TextArea ref={inner} {...props} />

  const area = () => inner.current?.resizableTextArea?.textArea
  function open(trigger: boolean) {
    if (!usable) return
    const element = area()
    const end = element?.value.length ?? 0
    setWanted(true)
    setPicking({ selection: { start: element?.selectionStart ?? end, end: element?.selectionEnd ?? end }, trigger })
  }

  function pick(template: PickableTemplate) {
    const element = area()
    const chosen = picking
    setPicking(null)
    if (!element || !chosen) return
    const maxLength = typeof props.maxLength === 'number' ? props.maxLength : undefined
    const result = insertSnippet(element.value, chosen.selection, template.content, { trigger: chosen.trigger, maxLength })
    typeInto(element, result.text)
    requestAnimationFrame(() => {
      element.focus()
      element.setSelectionRange(result.caret, result.caret)
    })
  }

  /** Closed without a pick: back to the field, the caret where it was. */
  function close() {
    const element = area()
    const chosen = picking
    setPicking(null)
    if (!element || !chosen) return
    requestAnimationFrame(() => {
      element.focus()
      element.setSelectionRange(chosen.selection.start, chosen.selection.end)
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    props.onKeyDown?.(event)
    if (!event.defaultPrevented && event.ctrlKey && event.shiftKey && (event.code === 'Space' || event.key === ' ')) {
      event.preventDefault()
      open(false)
    }
  }

  function onChange(event: ChangeEvent<HTMLTextAreaElement>) {
    props.onChange?.(event)
    const { value, selectionStart, selectionEnd } = event.target
    // Only a `//` just typed opens it (not one pasted earlier and passed by the caret).
    if (selectionStart === selectionEnd && (event.nativeEvent as InputEvent).inputType === 'insertText' && typedTrigger(value, selectionStart)) open(true)
  }

  return (
    <div style={{ position: 'relative' }} className="template-textarea">
      <Input.TextArea
        ref={inner}
        {...props}
        onKeyDown={onKeyDown}
        onChange={onChange}
        onFocus={(event) => {
          setWanted(true)
          props.onFocus?.(event)
        }}
        style={{ paddingRight: 32, ...props.style }}
      />
      {/* The wrapper stays while the form is switched off for a save, so the field keeps its place. */}
      {usable && (
        <Tooltip title={t('textTemplates.insertHint')}>
          <Button
            type="text"
            size="small"
            icon={<SnippetsOutlined />}
            aria-label={t('textTemplates.insert')}
            aria-keyshortcuts="Control+Shift+Space"
            onClick={() => open(false)}
            style={{ position: 'absolute', top: 4, right: 4 }}
            data-testid="text-template-button"
          />
        </Tooltip>
      )}
      {picking ? <TextTemplatePicker templates={templates.data?.data} place={templatePlace} onPick={pick} onClose={close} /> : null}
    </div>
  )
})
