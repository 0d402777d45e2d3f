import { Button, Form, Input, Select, type FormInstance } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import {
  allergySeverities, chronicDiseases, commonAllergens, flaggedMedicineKinds, MAX_HEALTH_ITEMS, MAX_HEALTH_TEXT, suggestMedicineKind
} from '../../../../domain/clinical/health-card'
import type { HealthCardValues } from './HealthCardForm'

/** One list of rows with its heading and "add" button; each row ends with a remove button. */
function RowList({ name, title, addLabel, empty, row }: { name: string; title: string; addLabel: string; empty: object; row: (index: number) => React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="health-card-list" data-testid={`health-card-${name}`}>
          <div className="health-card-list-title">{title}</div>
          {fields.map((field) => (
            <div key={field.key} className="health-card-row">
              {row(field.name)}
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(field.name)} />
            </div>
          ))}
          {fields.length < MAX_HEALTH_ITEMS && (
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add(empty)} data-testid={`health-card-add-${name}`}>
              {addLabel}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  )
}

/** A typed name, needed (and shown) only when the row's choice is `other`. */
function OtherName({ list, index, choice }: { list: string; index: number; choice: string }) {
  const { t } = useTranslation()
  const value = Form.useWatch([list, index, choice])
  if (value !== 'other') return null
  return (
    <Form.Item name={[index, 'name']} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]} className="health-card-cell">
      <Input maxLength={MAX_HEALTH_TEXT} placeholder={t('healthCard.otherName')} />
    </Form.Item>
  )
}

export function AllergyRows() {
  const { t } = useTranslation()
  const substances = [...commonAllergens, 'other'].map((key) => ({ value: key, label: t(`healthCard.allergen.${key}`) }))
  return (
    <RowList
      name="allergies"
      title={t('healthCard.allergies')}
      addLabel={t('healthCard.addAllergy')}
      empty={{ substance: 'localAnaesthetics', name: '', reaction: '', severity: 'moderate' }}
      row={(index) => (
        <>
          <Form.Item name={[index, 'substance']} className="health-card-cell">
            <Select options={substances} showSearch optionFilterProp="label" aria-label={t('healthCard.substance')} popupMatchSelectWidth={false} />
          </Form.Item>
          <OtherName list="allergies" index={index} choice="substance" />
          <Form.Item name={[index, 'reaction']} className="health-card-cell">
            <Input maxLength={MAX_HEALTH_TEXT} placeholder={t('healthCard.reaction')} />
          </Form.Item>
          <Form.Item name={[index, 'severity']} className="health-card-cell narrow">
            <Select options={allergySeverities.map((key) => ({ value: key, label: t(`healthCard.severity.${key}`) }))} aria-label={t('healthCard.severityLabel')} />
          </Form.Item>
        </>
      )}
    />
  )
}

export function DiseaseRows() {
  const { t } = useTranslation()
  const diseases = [...chronicDiseases, 'other'].map((key) => ({ value: key, label: t(`healthCard.disease.${key}`) }))
  return (
    <RowList
      name="diseases"
      title={t('healthCard.diseases')}
      addLabel={t('healthCard.addDisease')}
      empty={{ disease: 'diabetes', name: '', note: '' }}
      row={(index) => (
        <>
          <Form.Item name={[index, 'disease']} className="health-card-cell">
            <Select options={diseases} showSearch optionFilterProp="label" aria-label={t('healthCard.diseases')} popupMatchSelectWidth={false} />
          </Form.Item>
          <OtherName list="diseases" index={index} choice="disease" />
          <Form.Item name={[index, 'note']} className="health-card-cell">
            <Input maxLength={MAX_HEALTH_TEXT} placeholder={t('healthCard.diseaseNote')} />
          </Form.Item>
        </>
      )}
    />
  )
}

/** Medicines: a typed name; a known anticoagulant or bisphosphonate is flagged as it is typed. */
export function MedicineRows({ form }: { form: FormInstance<HealthCardValues> }) {
  const { t } = useTranslation()
  const kinds = [{ value: '', label: t('healthCard.kind.none') }, ...flaggedMedicineKinds.map((key) => ({ value: key, label: t(`healthCard.kind.${key}`) }))]
  const suggest = (index: number, name: string) => {
    const kind = suggestMedicineKind(name)
    if (kind && !form.getFieldValue(['medicines', index, 'kind'])) form.setFieldValue(['medicines', index, 'kind'], kind)
  }
  return (
    <RowList
      name="medicines"
      title={t('healthCard.medicines')}
      addLabel={t('healthCard.addMedicine')}
      empty={{ name: '', kind: null }}
      row={(index) => (
        <>
          <Form.Item name={[index, 'name']} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]} className="health-card-cell">
            <Input maxLength={MAX_HEALTH_TEXT} placeholder={t('healthCard.medicineName')} onChange={(event) => suggest(index, event.target.value)} />
          </Form.Item>
          <Form.Item name={[index, 'kind']} className="health-card-cell" getValueProps={(value) => ({ value: value ?? '' })} normalize={(value) => value || null}>
            <Select options={kinds} aria-label={t('healthCard.kindLabel')} popupMatchSelectWidth={false} />
          </Form.Item>
        </>
      )}
    />
  )
}
