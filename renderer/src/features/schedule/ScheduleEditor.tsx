import { useMemo, useState } from 'react'
import { Alert, Button, Card, Space } from 'antd'
import { AppstoreAddOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { ApplyTemplateModal } from './ApplyTemplateModal'
import { DateExceptions } from './DateExceptions'
import { WeekEditor } from './WeekEditor'
import { applyTemplate, clinicWeek, draftProblems, fromDraft, hasWorkingHours, sameDraft, toDraft, type Schedule } from './schedule'
import { useCalendarSettings } from './useCalendarSettings'
import './schedule.css'

interface Props {
  /** The stored schedule (undefined while loading is not passed: the caller waits). */
  schedule: Schedule | null | undefined
  onSave: (schedule: Required<Schedule>) => Promise<unknown>
  readOnly?: boolean
  /** Whose hours these are, in the "not set yet" notice (another member's name, or nothing for one's own). */
  ownerName?: string
}

/** Weekly working hours plus dated exceptions; one Save for both. Shared by /profile/schedule and the team view. */
export function ScheduleEditor({ schedule, onSave, readOnly, ownerName }: Props) {
  const { t } = useTranslation()
  const calendar = useCalendarSettings()
  // Without working hours the clinic's own day is offered as the starting point.
  const initial = useMemo(() => toDraft(schedule, clinicWeek(calendar)), [schedule, calendar])
  const [draft, setDraft] = useState(initial)
  // A save here or on another screen brings a new stored schedule: show it (React's
  // "adjust state when a prop changes" pattern, without an effect).
  const [shown, setShown] = useState(initial)
  if (shown !== initial) {
    setShown(initial)
    setDraft(initial)
  }
  const [busy, setBusy] = useState(false)
  const [templateOpen, setTemplateOpen] = useState(false)
  const isSet = hasWorkingHours(schedule)
  const changed = !sameDraft(draft, initial) || !isSet
  const problems = draftProblems(draft)
  const hasProblems = Object.keys(problems).length > 0

  async function save() {
    setBusy(true)
    try {
      await onSave(fromDraft(draft))
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(undefined, error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {!isSet && (
        <Alert
          type="info"
          showIcon
          title={ownerName ? t('schedule.notSetFor', { name: ownerName }) : t('schedule.notSet')}
          description={readOnly ? undefined : t('schedule.notSetHint')}
        />
      )}
      <Card
        size="small"
        title={t('schedule.week')}
        extra={
          !readOnly && (
            <Button size="small" icon={<AppstoreAddOutlined />} onClick={() => setTemplateOpen(true)} data-testid="apply-template">
              {t('schedule.applyTemplate')}
            </Button>
          )
        }
      >
        <WeekEditor value={draft.week} onChange={(week) => setDraft({ ...draft, week })} calendar={calendar} readOnly={readOnly} />
      </Card>
      <Card size="small" title={t('schedule.exceptions')}>
        <DateExceptions draft={draft} onChange={setDraft} calendar={calendar} readOnly={readOnly} />
      </Card>
      {!readOnly && (
        <div className="schedule-actions">
          <Button type="primary" loading={busy} disabled={hasProblems || !changed} onClick={() => void save()} data-testid="save-schedule">
            {t('common.save')}
          </Button>
          <Button disabled={busy || sameDraft(draft, initial)} onClick={() => setDraft(initial)}>
            {t('schedule.undo')}
          </Button>
          {hasProblems && <span style={{ color: '#cf1322' }}>{t('schedule.fixProblems')}</span>}
          {!hasProblems && changed && isSet && <span className="muted">{t('schedule.unsaved')}</span>}
        </div>
      )}
      {templateOpen && (
        <ApplyTemplateModal
          workingDays={calendar.workingDays}
          onApply={(intervals, days) => setDraft({ ...draft, week: applyTemplate(draft.week, intervals, days) })}
          onClose={() => setTemplateOpen(false)}
        />
      )}
    </Space>
  )
}
