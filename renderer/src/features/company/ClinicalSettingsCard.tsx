import { Button, Card, Col, Form, InputNumber, Row, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { useCompanySettingsForm } from './useCompanySettingsForm'
import { perioThresholdKeys, perioThresholdLimits, perioThresholds, type PerioThresholds } from '../../../../domain/clinical/perio-thresholds'
import { DOSE_SCALE, MAX_XRAY_DOSE, doseToMicroSv, microSvToDose, xrayDoses, xrayTypes, type XrayDoses } from '../../../../domain/clinical/xrays'

interface Values {
  toothNumbering: 'FDI' | 'American'
  perioThresholds: PerioThresholds
  /** In µSv as typed (stored in tenths). */
  xrayDoses: XrayDoses
}

const MAX_DOSE_MICRO_SV = MAX_XRAY_DOSE / DOSE_SCALE
const asMicroSv = (doses: XrayDoses) => Object.fromEntries(xrayTypes.map((type) => [type, doseToMicroSv(doses[type])])) as XrayDoses
const asTenths = (doses: XrayDoses) => Object.fromEntries(xrayTypes.map((type) => [type, microSvToDose(doses[type])])) as XrayDoses
const fromSettings = (settings: Record<string, unknown>): Values => ({
  toothNumbering: settings.toothNumbering === 'American' ? 'American' : 'FDI',
  perioThresholds: perioThresholds(settings.perioThresholds as Partial<PerioThresholds> | undefined),
  xrayDoses: asMicroSv(xrayDoses(settings.xrayDoses as Partial<XrayDoses> | undefined))
})

/**
 * The dental chart's company settings: the tooth numbering shown (FDI or American, spec "Dental
 * chart format"), the perio chart's red thresholds (a value at or beyond one shows red) and the
 * default dose of each kind of X-ray (what the X-ray form fills in; the clinic's devices differ).
 */
export function ClinicalSettingsCard() {
  const { t } = useTranslation()
  const format = useFormat()
  const { form, company, canEdit, busy, save } = useCompanySettingsForm<Values>(fromSettings, (values) => ({
    toothNumbering: values.toothNumbering,
    perioThresholds: values.perioThresholds,
    xrayDoses: asTenths(values.xrayDoses)
  }))

  if (!company) return null
  return (
    <Card title={t('perioSettings.title')} style={{ marginTop: 16 }}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} disabled={!canEdit || busy} style={{ maxWidth: 820 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="toothNumbering" label={t('perioSettings.numbering')}>
              <Select options={(['FDI', 'American'] as const).map((value) => ({ value, label: t(`clinical.numbering.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('perioSettings.thresholds')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('perioSettings.thresholdsHint')}</Typography.Paragraph>
        <Row gutter={16}>
          {perioThresholdKeys.map((key) => (
            <Col xs={24} sm={12} md={8} key={key}>
              <Form.Item
                name={['perioThresholds', key]}
                label={t(`perioSettings.${key}`)}
                rules={[{ required: true, type: 'integer', min: perioThresholdLimits[key].min, max: perioThresholdLimits[key].max, message: t('perioSettings.range', perioThresholdLimits[key]) }]}
              >
                <InputNumber min={perioThresholdLimits[key].min} max={perioThresholdLimits[key].max} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('perioSettings.xrayDoses')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('perioSettings.xrayDosesHint')}</Typography.Paragraph>
        <Row gutter={16}>
          {xrayTypes.map((type) => (
            <Col xs={24} sm={12} md={8} key={type}>
              <Form.Item
                name={['xrayDoses', type]}
                label={t(`xrays.types.${type}`)}
                rules={[{ required: true, type: 'number', min: 0, max: MAX_DOSE_MICRO_SV, message: t('perioSettings.range', { min: 0, max: MAX_DOSE_MICRO_SV }) }]}
              >
                <InputNumber min={0} max={MAX_DOSE_MICRO_SV} precision={1} step={0.5} suffix={t('xrays.unit')} decimalSeparator={format.number(1.5).includes(',') ? ',' : '.'} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {canEdit && <Button type="primary" htmlType="submit" loading={busy}>{t('common.save')}</Button>}
      </Form>
    </Card>
  )
}
