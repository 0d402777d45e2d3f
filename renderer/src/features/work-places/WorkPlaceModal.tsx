import { useEffect } from 'react'
import { ColorPicker, Form, Input, Modal, Radio, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { colorValue } from '../../components/color-value'
import { memberPalette } from '../../components/color'
import { showServerError } from '../../components/form-errors'
import { useSaveAndClose } from '../../components/useSaveAndClose'
import { workPlaceKinds, workPlacePath, type WorkPlace, type WorkPlaceFormValues } from './work-place'

interface Props {
  /** The place being edited, 'new' for a new one; null keeps the dialog closed. */
  editing: WorkPlace | 'new' | null
  branchId: string | null
  nextRank: number
  onClose: () => void
}

/** Add or edit a chair or room of the current branch: name, kind, colour, in use. */
export function WorkPlaceModal({ editing, branchId, nextRank, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<WorkPlaceFormValues>()
  const createPlace = useCreate(workPlacePath)
  const patchPlace = usePatch(workPlacePath)
  const { busy, run } = useSaveAndClose(onClose, (error) => showServerError(form, error, ['name', 'kind', 'color', 'active']))
  const place = editing === 'new' ? null : editing

  useEffect(() => {
    if (!editing) return
    form.resetFields()
    form.setFieldsValue(
      place
        ? { name: place.name, kind: place.kind, color: place.color ?? undefined, active: place.active }
        : { name: '', kind: 'chair', color: memberPalette[nextRank % memberPalette.length], active: true }
    )
    // Fill the form once per opening, not on every live update of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing])

  function save(values: WorkPlaceFormValues) {
    const data = { name: values.name.trim(), kind: values.kind, color: colorValue(values.color), active: Boolean(values.active) }
    return run(() => (place ? patchPlace(place._id, data) : createPlace({ ...data, rank: nextRank, ...(branchId ? { branchId } : {}) })))
  }

  return (
    <Modal
      open={editing !== null}
      title={place ? t('workPlaces.editTitle') : t('workPlaces.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="work-place" layout="vertical" requiredMark={false} onFinish={save} disabled={busy} data-testid="work-place-form">
        <Form.Item name="name" label={t('workPlaces.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={100} placeholder={t('workPlaces.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('workPlaces.kind')}>
          <Radio.Group optionType="button" options={workPlaceKinds.map((kind) => ({ value: kind, label: t(`workPlaces.kinds.${kind}`) }))} />
        </Form.Item>
        <Form.Item name="color" label={t('workPlaces.color')}>
          <ColorPicker allowClear disabledAlpha format="hex" presets={[{ label: t('services.palette'), colors: memberPalette }]} />
        </Form.Item>
        <Form.Item name="active" label={t('workPlaces.active')} valuePropName="checked" extra={t('workPlaces.activeHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}
