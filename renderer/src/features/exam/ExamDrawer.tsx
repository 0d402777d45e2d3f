import { lazy, Suspense, useMemo, useState } from 'react'
import { Alert, Button, Drawer, Dropdown, Grid, Popconfirm, Segmented, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Exam } from '../../../../server/src/services/clinical/exam/exam.shared'
import { useCreate, useGet, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSession } from '../../api/session-store'
import { toast, toastError } from '../../app/toasts'
import { errorPath } from '../../api/errors'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import { applyPreset, dataFromForm, formFromExam, type ExamFormValues } from './exam-form'
import { ExamEditor } from './ExamEditor'
import { ExamReadView } from './ExamReadView'
import { useExamLists } from './useExamLists'

const todayLocal = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}


/** The exam's files load with the drawer's first open, not with the treatment tab. */
const MediaAttachments = lazy(() => import('../media/MediaAttachments').then((module) => ({ default: module.MediaAttachments })))
/**
 * One exam in a drawer: its versions newest first (none: a new exam). The latest version, when a
 * draft, is edited here (save, sign, apply a preset); a signed one is read, with "Amend" making
 * its next version. Earlier versions are read-only.
 */
export function ExamDrawer({ customerId, versions, onOpenGroup, onClose }: { customerId: string; versions: Exam[]; onOpenGroup: (groupId: string) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const me = useSession()?.user._id
  const names = useTeamNames()
  const canCreate = useCan('exam', 'create')
  const canEdit = useCan('exam', 'edit')
  const canRemove = useCan('exam', 'delete')
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const lists = useExamLists(customerId)
  const create = useCreate('exam')
  const patch = usePatch('exam')
  const remove = useRemove('exam', { also: ['trash'] })
  const latest = versions[0] ?? null
  const [shownId, setShownId] = useState<string | null>(null)
  const shown = versions.find((exam) => exam._id === shownId) ?? latest
  const editing = shown === null || (shown === latest && shown.status === 'draft' && canEdit)
  const [values, setValues] = useState<ExamFormValues>(() => formFromExam(latest?.status === 'draft' ? latest : null, todayLocal()))
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()
  const doctorId = shown?.doctorId ?? me
  const maySign = doctorId === me

  const presetItems = useMemo(
    () => lists.presets.map((preset) => ({ key: preset._id, label: preset.name })),
    [lists.presets]
  )

  async function save(sign: boolean) {
    setBusy(true)
    setProblem(undefined)
    try {
      const data = dataFromForm(values)
      const draft = shown ?? (await create({ customerId, ...data }))
      const written = shown || sign ? await patch(draft._id, { ...(shown ? data : {}), ...(sign ? { sign: true as const } : {}) }) : draft
      toast.success(sign ? t('exam.signedToast') : t('common.saved'))
      if (!shown) onOpenGroup(written.examGroupId)
      if (sign) onClose()
    } catch (error) {
      setProblem(errorPath(error))
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  async function amend() {
    if (!latest) return
    setBusy(true)
    try {
      const next = await create({ customerId, amendsId: latest._id })
      setValues(formFromExam(next, todayLocal()))
      setShownId(next._id)
      onOpenGroup(next.examGroupId)
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  async function discard() {
    if (!shown) return
    try {
      await remove(shown._id)
      onClose()
    } catch (error) {
      toastError(error)
    }
  }

  const title = shown
    ? t('exam.titleOf', { date: format.date(`${shown.date}T12:00:00`), version: shown.version })
    : t('exam.new')
  const footer = editing ? (
    <Space wrap>
      {presetItems.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: presetItems,
            onClick: ({ key }) => {
              const preset = lists.presets.find((entry) => entry._id === key)
              if (preset) setValues((current) => applyPreset(current, preset, lists.complaintIdByText))
            }
          }}
        >
          <Button aria-label={t('exam.applyPreset')}>{t('exam.applyPreset')}</Button>
        </Dropdown>
      )}
      <Button loading={busy} onClick={() => void save(false)}>{t('exam.saveDraft')}</Button>
      {maySign && (
        <Button type="primary" loading={busy} onClick={() => void save(true)}>{t('exam.sign')}</Button>
      )}
      {shown && canRemove && (
        <Popconfirm title={t('exam.discardConfirm')} onConfirm={() => void discard()} okText={t('common.delete')} cancelText={t('common.cancel')}>
          <Button danger>{t('exam.discard')}</Button>
        </Popconfirm>
      )}
    </Space>
  ) : (
    shown === latest && latest?.status === 'signed' && canCreate && (
      <Button type="primary" loading={busy} onClick={() => void amend()}>{t('exam.amend')}</Button>
    )
  )

  return (
    <Drawer open width={phone ? '100%' : 760} title={title} onClose={onClose} destroyOnHidden footer={footer || undefined}>
      {versions.length > 1 && (
        <div className="exam-versions">
          <Typography.Text type="secondary">{t('exam.versions')}: </Typography.Text>
          <Segmented
            size="small"
            value={shown?._id}
            onChange={(value) => setShownId(String(value))}
            options={versions.map((exam) => ({ value: exam._id, label: t('exam.versionShort', { version: exam.version }) }))}
          />
        </div>
      )}
      {shown && (
        <p>
          <Tag color={shown.status === 'signed' ? 'green' : 'gold'}>{t(`exam.statuses.${shown.status}`)}</Tag>
          {t('exam.doctor')}: {names.get(shown.doctorId) ?? '—'}
          {shown.signedAt && <> · {t('exam.signedAt', { when: format.dateTime(shown.signedAt) })}</>}
        </p>
      )}
      {editing && !maySign && <Alert type="info" showIcon message={t('exam.notYourExam')} style={{ marginBottom: 12 }} />}
      {editing ? (
        <ExamEditor values={values} onChange={setValues} lists={lists} numbering={numbering} problem={problem} />
      ) : shown ? (
        <ExamReadView exam={shown} lists={lists} numbering={numbering} />
      ) : null}
      {/* Attachments belong to the exam, not to one version: they stay with every amendment (its group's first version). */}
      {shown && (
        <Suspense fallback={null}>
          <div style={{ marginTop: 16 }}>
            <MediaAttachments owner={{ type: 'exam', id: shown.examGroupId, customerId }} />
          </div>
        </Suspense>
      )}
    </Drawer>
  )
}
