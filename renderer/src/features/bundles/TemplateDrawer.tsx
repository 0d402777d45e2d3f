import { useState } from 'react'
import { Button, Drawer, Form, Grid, Input, Select, Space } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast } from '../../app/toasts'
import { TEMPLATE_LIMITS } from '../../../../server/src/services/clinical/treatment-templates/treatment-templates.shared'
import { MAX_BUNDLE_NAME } from '../../../../server/src/services/catalogue/bundle/bundle.shared'
import { titleIn } from '../../../../domain/clinical/codes/titles'
import { icdCodeRule, normalIcdCode } from '../clinical-dictionaries/icd-code'
import { ServiceLines } from './ServiceLines'
import { linesOf, showNestedError, type LineValues } from './bundle-form'

type Template = RecordOf<'treatment-templates'>
interface PhaseValues {
  title?: string
  bundleId?: string | null
  items: LineValues[]
}
interface Values {
  name: string
  specialtyId?: string | null
  icd: string[]
  phases: PhaseValues[]
}

/** Add or edit a treatment template: name, specialty, diagnoses, and ordered phases of services or a bundle. */
export function TemplateDrawer({ template, catalogue, onClose }: { template: Template | null; catalogue: ReadonlyArray<RecordOf<'service'>>; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const canSeeIcd = useCan('icd', 'view')
  const codes = useFind('icd', { $limit: 500, $sort: { code: 1 } }, canSeeIcd).data?.data ?? []
  const bundles = useFind('bundle', { $limit: 500 }, useCan('bundle', 'view')).data?.data ?? []
  const create = useCreate('treatment-templates')
  const patch = usePatch('treatment-templates')

  async function save(values: Values) {
    setBusy(true)
    const data = {
      name: values.name.trim(),
      specialtyId: values.specialtyId ?? null,
      icd: [...new Set((values.icd ?? []).map(normalIcdCode).filter(Boolean))],
      phases: (values.phases ?? []).map((phase) => ({
        ...(phase.title?.trim() ? { title: phase.title.trim() } : {}),
        bundleId: phase.bundleId ?? null,
        items: linesOf(phase.items)
      }))
    }
    try {
      await (template ? patch(template._id, data) : create(data))
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      // A phase's own error (no services and no bundle) shows at its bundle field.
      showNestedError(form, error, ['name', 'specialtyId', 'icd', 'phases'], (path) => (/^phases\.\d+$/.test(path) ? `${path}.bundleId` : path))
      setBusy(false)
    }
  }

  const initial: Values = template
    ? {
        name: template.name,
        specialtyId: template.specialtyId,
        icd: [...template.icd],
        phases: template.phases.map((phase) => ({ title: phase.title ?? '', bundleId: phase.bundleId ?? null, items: phase.items.map((item) => ({ ...item })) }))
      }
    : { name: '', specialtyId: null, icd: [], phases: [{ title: '', bundleId: null, items: [{ quantity: 1 }] }] }
  const icdOptions = codes.filter((entry) => entry.code.includes('.')).map((entry) => ({ value: entry.code, label: `${entry.code} ${titleIn(entry.titles, i18n.language)}` }))
  const bundleOptions = (current: string | null | undefined) =>
    bundles.filter((bundle) => !bundle.archived || bundle._id === current).map((bundle) => ({ value: bundle._id, label: bundle.name }))
  return (
    <Drawer
      open
      width={phone ? '100%' : 640}
      title={template ? t('bundles.templateEdit') : t('bundles.templateNew')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="template-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label={t('bundles.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={MAX_BUNDLE_NAME} placeholder={t('bundles.templateNamePlaceholder')} data-testid="template-name" />
        </Form.Item>
        <Form.Item name="specialtyId" label={t('bundles.specialty')}>
          <Select allowClear placeholder={t('bundles.anySpecialty')} options={(specialties.data?.data ?? []).map((specialty) => ({ value: specialty._id, label: specialty.name }))} />
        </Form.Item>
        <Form.Item name="icd" label={t('bundles.diagnoses')} extra={t('bundles.diagnosesHint')} rules={[icdCodeRule(t)]} normalize={(value: string[]) => value.map(normalIcdCode)}>
          <Select mode="tags" maxCount={TEMPLATE_LIMITS.icd} tokenSeparators={[';', ',', ' ']} options={icdOptions} optionFilterProp="label" placeholder="K04.0" />
        </Form.Item>
        <Form.List name="phases" rules={[{ validator: async (_, phases?: unknown[]) => { if (!phases || phases.length === 0) throw new Error(t('errors.template-phase-empty')) } }]}>
          {(fields, { add, remove, move }, { errors }) => (
            <>
              <div className="ant-form-item-label">
                <label>{t('bundles.phases')}</label>
              </div>
              {fields.map((field, index) => (
                <div key={field.key} className="bundles-phase" data-testid="template-phase">
                  <div className="bundles-phase-head">
                    <strong>{t('bundles.phase', { number: index + 1 })}</strong>
                    <Space size={4}>
                      <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('bundles.moveUp')} onClick={() => move(index, index - 1)} />
                      <Button size="small" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} aria-label={t('bundles.moveDown')} onClick={() => move(index, index + 1)} />
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('bundles.removePhase')} onClick={() => remove(field.name)} />
                    </Space>
                  </div>
                  <Form.Item name={[field.name, 'title']} label={t('bundles.phaseTitle')}>
                    <Input maxLength={TEMPLATE_LIMITS.title} placeholder={t('bundles.phaseTitlePlaceholder')} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {(instance) => (
                      <Form.Item
                        name={[field.name, 'bundleId']}
                        label={t('bundles.bundle')}
                        dependencies={[['phases', field.name, 'items']]}
                        rules={[
                          {
                            validator: async (_, bundleId?: string | null) => {
                              const items = instance.getFieldValue(['phases', field.name, 'items']) as LineValues[] | undefined
                              if (!bundleId && linesOf(items).length === 0) throw new Error(t('errors.template-phase-empty'))
                            }
                          }
                        ]}
                      >
                        <Select allowClear placeholder={t('bundles.noBundle')} options={bundleOptions(instance.getFieldValue(['phases', field.name, 'bundleId']) as string | null)} />
                      </Form.Item>
                    )}
                  </Form.Item>
                  <Form.Item label={t('bundles.services')} style={{ marginBottom: 0 }}>
                    <ServiceLines name={[field.name, 'items']} catalogue={catalogue} />
                  </Form.Item>
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < TEMPLATE_LIMITS.phases && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', bundleId: null, items: [] })} block>
                  {t('bundles.addPhase')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  )
}
