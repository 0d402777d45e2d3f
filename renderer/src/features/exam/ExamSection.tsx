import { useMemo, useState } from 'react'
import { Button, Card, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Exam } from '../../../../server/src/services/clinical/exam/exam.shared'
import { useFind } from '../../api/live'
import { sectionQuery } from '../treatment/useTreatmentRecord'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import { ExamDrawer } from './ExamDrawer'
import { latestVersions } from './exam-versions'
import './exam.css'

/**
 * The treatment tab's exams: the patient's exams (the latest version of each), newest first, with
 * their doctor, final diagnoses, status and version; a row opens the exam in a drawer (a draft to
 * edit, a signed one to read and amend). Reading the list is one logged read of the patient's exams.
 */
export function ExamSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const canCreate = useCan('exam', 'create')
  const names = useTeamNames()
  const phone = !Grid.useBreakpoint().md
  const exams = useFind('exam', sectionQuery('exam', customerId))
  const all = useMemo(() => exams.data?.data ?? [], [exams.data])
  const rows = useMemo(() => latestVersions(all), [all])
  const [open, setOpen] = useState<{ groupId: string | null } | null>(null)

  const columns: TableColumnsType<Exam> = [
    { key: 'date', title: t('exam.date'), render: (_, exam) => format.date(`${exam.date}T12:00:00`), width: 130 },
    ...(phone ? [] : [{ key: 'doctor', title: t('exam.doctor'), render: (_: unknown, exam: Exam) => names.get(exam.doctorId) ?? '—' }]),
    {
      key: 'final',
      title: t('exam.finalDiagnoses'),
      render: (_, exam) => {
        const codes = exam.diagnoses.filter((diagnosis) => diagnosis.kind === 'final').map((diagnosis) => diagnosis.icdCode)
        return codes.length > 0 ? codes.join(', ') : <Typography.Text type="secondary">—</Typography.Text>
      }
    },
    {
      key: 'status',
      title: t('exam.status'),
      render: (_, exam) => (
        <span className="exam-status">
          <Tag color={exam.status === 'signed' ? 'green' : 'gold'}>{t(`exam.statuses.${exam.status}`)}</Tag>
          {exam.version > 1 && <Typography.Text type="secondary">{t('exam.versionShort', { version: exam.version })}</Typography.Text>}
        </span>
      )
    }
  ]

  return (
    <Card
      size="small"
      className="exam-section"
      title={t('treatment.sections.exams')}
      extra={canCreate && <Button type="primary" onClick={() => setOpen({ groupId: null })}>{t('exam.new')}</Button>}
    >
      {exams.error ? (
        <FetchError error={exams.error} onRetry={() => void exams.refetch()} />
      ) : (
        <Table<Exam>
          rowKey="_id"
          size="small"
          loading={exams.isFetching && !exams.data}
          dataSource={rows}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('exam.empty') }}
          onRow={(exam) => ({
            onClick: () => setOpen({ groupId: exam.examGroupId }),
            onKeyDown: (event) => {
              if (event.key === 'Enter') setOpen({ groupId: exam.examGroupId })
            },
            tabIndex: 0,
            'aria-label': t('exam.open', { date: format.date(`${exam.date}T12:00:00`) }),
            className: 'exam-row'
          })}
        />
      )}
      {open && (
        <ExamDrawer
          customerId={customerId}
          versions={open.groupId ? all.filter((exam) => exam.examGroupId === open.groupId).sort((a, b) => b.version - a.version) : []}
          onOpenGroup={(groupId) => setOpen({ groupId })}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  )
}
