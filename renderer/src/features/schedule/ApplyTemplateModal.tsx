import { useState } from 'react'
import { Checkbox, Empty, Form, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { dayKeys, type DayKey, type Interval } from './schedule'
import { intervalsText, timeTemplatePath} from './time-template'

interface Props {
  /** Days offered first: the clinic's working days. */
  workingDays: number[]
  onApply: (intervals: Interval[], days: DayKey[]) => void
  onClose: () => void
}

/** Picks a time template and the days it goes on. */
/** Mounted only while open, so each opening starts with the clinic's working days chosen. */
export function ApplyTemplateModal({ workingDays, onApply, onClose }: Props) {
  const { t } = useTranslation()
  const templates = useFind(timeTemplatePath, { $limit: 500, $sort: { name: 1 } })
  const [templateId, setTemplateId] = useState<string | undefined>()
  const [days, setDays] = useState<DayKey[]>(() => dayKeys.filter((day) => workingDays.includes(Number(day))))
  const list = templates.data?.data ?? []

  const chosen = list.find((template) => template._id === templateId)
  return (
    <Modal
      open
      title={t('schedule.applyTemplate')}
      okText={t('schedule.apply')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !chosen || days.length === 0 }}
      onOk={() => {
        if (chosen) onApply(chosen.intervals, days)
        onClose()
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      {templates.isSuccess && list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeTemplates.empty')} />
      ) : (
        <Form name="apply-template" layout="vertical">
          <Form.Item label={t('schedule.template')}>
            <Select
              value={templateId}
              onChange={setTemplateId}
              loading={templates.isLoading}
              placeholder={t('schedule.chooseTemplate')}
              aria-label={t('schedule.template')}
              options={list.map((template) => ({ value: template._id, label: `${template.name} (${intervalsText(template.intervals)})` }))}
            />
          </Form.Item>
          <Form.Item label={t('schedule.applyTo')}>
            <Checkbox.Group value={days} onChange={(values) => setDays(values as DayKey[])} options={dayKeys.map((day) => ({ value: day, label: t(`schedule.days.${day}`) }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
