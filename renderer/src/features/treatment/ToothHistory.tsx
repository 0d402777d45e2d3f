import { Button, Empty, List, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatTooth, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { useFormat } from '../../i18n/format'
import type { HistoryLine } from './chart-entry'

interface Props {
  tooth: FdiTooth
  numbering: ToothNumbering
  lines: HistoryLine[]
  names: ReadonlyMap<string, string>
  /** Ends an entry still on the chart; absent when the caller may not chart or looks at a past day. */
  onEnd?: (line: HistoryLine) => void
}

/** One tooth's history, newest first: when, who, what; an entry still on the chart can be ended. */
export function ToothHistory({ tooth, numbering, lines, names, onEnd }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <section className="tooth-history" aria-label={t('treatment.history.title', { tooth: formatTooth(tooth, numbering) })}>
      <h3>{t('treatment.history.title', { tooth: formatTooth(tooth, numbering) })}</h3>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('treatment.history.empty')} />
      ) : (
        <List
          size="small"
          dataSource={lines}
          renderItem={(line) => (
            <List.Item
              actions={onEnd && line.active ? [<Button key="end" size="small" type="link" onClick={() => onEnd(line)}>{t('treatment.history.end')}</Button>] : []}
            >
              <div className="tooth-history-line">
                <span className={line.ended ? 'tooth-history-ended' : undefined}>{line.text}</span>
                {line.ended && <Tag>{t('treatment.history.ended')}</Tag>}
                <span className="tooth-history-meta">
                  {format.dateTime(line.event.createdAt)}
                  {line.event.createdBy ? ` · ${names.get(line.event.createdBy) ?? t('treatment.history.someone')}` : ''}
                </span>
              </div>
            </List.Item>
          )}
        />
      )}
    </section>
  )
}
