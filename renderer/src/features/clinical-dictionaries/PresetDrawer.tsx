import { useState } from 'react'
import { Button, Drawer, Form, Grid, Input, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { PRESET_LIMITS } from '../../../../server/src/services/clinical/presets/presets.shared'
import { useEntryTitle } from './entry-title'
import { icdCodeRule, normalIcdCode } from './icd-code'
import { titleIn } from '../../../../domain/clinical/codes/titles'

type Preset = RecordOf<'presets'>
interface Values {
  name: string
  specialtyId?: string | null
  cdb: string[]
  odb: string[]
  icd: string[]
  diagnosis: string[]
  diagnosisFinal: string[]
  treatments: string[]
}
const fields = ['name', 'specialtyId', 'cdb', 'odb', 'icd', 'diagnosis', 'diagnosisFinal', 'treatments']

/** The objective findings to pick from, grouped by part of the examination (hidden ones left out). */
function useFindingOptions() {
  const title = useEntryTitle()
  const entries = useFind('odb', { hidden: false, $limit: 500 }).data?.data ?? []
  const parts = entries.filter((entry) => entry.parentId === null)
  return parts
    .map((part) => ({
      label: title(part),
      title: title(part),
      options: entries.filter((entry) => entry.parentId === part._id).map((entry) => ({ value: entry._id, label: title(entry) }))
    }))
    .filter((group) => group.options.length > 0)
}

/**
 * The company's complaint list and ICD-10 codes as suggestions (a preset keeps complaint texts
 * and code strings, so a typed one not on the lists is kept too).
 */
function useCodeSuggestions(language: string) {
  const canSeeCdb = useCan('cdb', 'view')
  const canSeeIcd = useCan('icd', 'view')
  const complaints = useFind('cdb', { $limit: 500 }, canSeeCdb).data?.data ?? []
  const codes = useFind('icd', { $limit: 500, $sort: { code: 1 } }, canSeeIcd).data?.data ?? []
  return {
    complaintOptions: [...new Set(complaints.map((entry) => titleIn(entry.titles, language)))].map((text) => ({ value: text, label: text })),
    // Subcategories (K02.1) are what a diagnosis names; chapters and blocks group them.
    icdOptions: codes.filter((entry) => entry.code.includes('.')).map((entry) => ({ value: entry.code, label: `${entry.code} ${titleIn(entry.titles, language)}` }))
  }
}

/** Add or edit a preset: its name, specialty, and the six lists it fills an exam with. */
export function PresetDrawer({ preset, specialtyId, onClose }: { preset: Preset | null; specialtyId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const canSeeServices = useCan('service', 'view')
  const services = useFind('service', { archived: false, $limit: 500 }, canSeeServices)
  const findingOptions = useFindingOptions()
  const { complaintOptions, icdOptions } = useCodeSuggestions(i18n.language)
  const create = useCreate('presets')
  const patch = usePatch('presets')

  async function save(values: Values) {
    setBusy(true)
    const data = {
      name: values.name.trim(),
      specialtyId: values.specialtyId ?? null,
      cdb: values.cdb.map((text) => text.trim()).filter(Boolean),
      odb: values.odb,
      icd: [...new Set(values.icd.map(normalIcdCode).filter(Boolean))],
      diagnosis: values.diagnosis.map((text) => text.trim()).filter(Boolean),
      diagnosisFinal: values.diagnosisFinal.map((text) => text.trim()).filter(Boolean),
      treatments: values.treatments
    }
    try {
      await (preset ? patch(preset._id, data) : create(data))
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, fields)
      setBusy(false)
    }
  }

  const initial: Values = preset
    ? { name: preset.name, specialtyId: preset.specialtyId, cdb: preset.cdb, odb: preset.odb, icd: preset.icd, diagnosis: preset.diagnosis, diagnosisFinal: preset.diagnosisFinal, treatments: preset.treatments }
    : { name: '', specialtyId, cdb: [], odb: [], icd: [], diagnosis: [], diagnosisFinal: [], treatments: [] }
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  const tags = (max: number) => ({ mode: 'tags' as const, open: false, maxCount: max, tokenSeparators: [';'] })
  // A list to pick from, typing a new entry still allowed.
  const suggested = (max: number, options: Array<{ value: string; label: string }>) => ({ ...tags(max), open: undefined, options, optionFilterProp: 'label' })
  return (
    <Drawer
      open
      width={phone ? '100%' : 560}
      title={preset ? t('presets.edit') : t('presets.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label={t('presets.name')} rules={required}>
          <Input maxLength={200} placeholder={t('presets.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="specialtyId" label={t('presets.specialty')}>
          <Select allowClear placeholder={t('presets.anySpecialty')} options={(specialties.data?.data ?? []).map((specialty) => ({ value: specialty._id, label: specialty.name }))} />
        </Form.Item>
        <Form.Item name="cdb" label={t('presets.cdb')} extra={t('presets.typeAndEnter')}>
          <Select {...suggested(PRESET_LIMITS.cdb, complaintOptions)} placeholder={t('presets.cdbPlaceholder')} />
        </Form.Item>
        <Form.Item name="odb" label={t('presets.odb')}>
          <Select mode="multiple" maxCount={PRESET_LIMITS.odb} optionFilterProp="label" options={findingOptions} placeholder={t('presets.odbPlaceholder')} />
        </Form.Item>
        <Form.Item name="icd" label={t('presets.icd')} rules={[icdCodeRule(t)]} normalize={(value: string[]) => value.map(normalIcdCode)}>
          <Select {...suggested(PRESET_LIMITS.icd, icdOptions)} placeholder="K02.1" />
        </Form.Item>
        <Form.Item name="diagnosis" label={t('presets.diagnosis')}>
          <Select {...tags(PRESET_LIMITS.diagnosis)} placeholder={t('presets.diagnosisPlaceholder')} />
        </Form.Item>
        <Form.Item name="diagnosisFinal" label={t('presets.diagnosisFinal')}>
          <Select {...tags(PRESET_LIMITS.diagnosisFinal)} placeholder={t('presets.diagnosisPlaceholder')} />
        </Form.Item>
        <Form.Item name="treatments" label={t('presets.treatments')}>
          <Select
            mode="multiple"
            maxCount={PRESET_LIMITS.treatments}
            optionFilterProp="label"
            disabled={!canSeeServices}
            options={(services.data?.data ?? []).map((service) => ({ value: service._id, label: service.code ? `${service.code} · ${service.name}` : service.name }))}
            placeholder={t('presets.treatmentsPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Drawer>
  )
}
