import { useState } from 'react'
import { Button, Checkbox, Popover, Space } from 'antd'
import { CopyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { dayKeys, type DayKey } from './schedule'

/** "Copy to…": the day's intervals onto the chosen other days. */
export function CopyDayButton({ day, onCopy }: { day: DayKey; onCopy: (to: DayKey[]) => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<DayKey[]>([])
  const others = dayKeys.filter((key) => key !== day)
  const content = (
    <div style={{ maxWidth: 220 }} data-testid="copy-days">
      <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as DayKey[])} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {others.map((key) => (
          <Checkbox key={key} value={key}>
            {t(`schedule.days.${key}`)}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Space style={{ marginTop: 10 }} wrap>
        <Button size="small" onClick={() => setChosen(others)}>
          {t('schedule.allDays')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={chosen.length === 0}
          onClick={() => {
            onCopy(chosen)
            setOpen(false)
            setChosen([])
          }}
        >
          {t('schedule.copy')}
        </Button>
      </Space>
    </div>
  )
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('schedule.copyTo')} content={content} placement="bottomRight">
      <Button size="small" type="text" icon={<CopyOutlined />} aria-label={`${t(`schedule.days.${day}`)}: ${t('schedule.copyTo')}`} title={t('schedule.copyTo')} />
    </Popover>
  )
}
