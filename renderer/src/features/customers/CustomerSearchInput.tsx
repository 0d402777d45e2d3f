import { useEffect, useRef, useState } from 'react'
import { Input, Spin } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useDebounced } from '../../components/useDebounced'

export const SEARCH_DEBOUNCE_MS = 250

/**
 * Search as you type: the text settles for a moment before it becomes the list's search, so a
 * fast typist sends one query, not one per key. A spinner shows while the answer is on its way.
 */
export function CustomerSearchInput({ value, onSearch, busy, autoFocus }: { value: string; onSearch: (text: string) => void; busy: boolean; autoFocus: boolean }) {
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS)
  const sent = useRef(value)

  useEffect(() => {
    if (settled === sent.current) return
    sent.current = settled
    onSearch(settled)
  }, [settled, onSearch])

  // The address changed by itself (back button, a link): show what the list now searches.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  return (
    <Input
      allowClear
      autoFocus={autoFocus}
      prefix={<SearchOutlined />}
      suffix={busy ? <Spin size="small" /> : <span className="search-spinner-room" />}
      placeholder={t('customers.search')}
      aria-label={t('customers.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        // Enter searches at once instead of waiting for the pause.
        if (event.key === 'Enter' && text !== sent.current) {
          sent.current = text
          onSearch(text)
        }
      }}
      className="customer-search"
      data-testid="customer-search"
    />
  )
}
