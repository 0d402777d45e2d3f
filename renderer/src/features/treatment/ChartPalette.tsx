import { Button, Segmented, Select, Space, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { conditionTable, findingStatuses, toothConditions, type ConditionCode, type FindingStatus, type ToothCondition } from '../../../../domain/clinical/conditions'
import { codeShortcuts, keyLabel, statusShortcuts } from './chart-entry'

interface Props {
  status: FindingStatus
  onStatus: (status: FindingStatus) => void
  onCode: (code: ConditionCode) => void
  onCondition: (condition: ToothCondition) => void
  /** Mobility chosen: the palette asks for its degree. */
  awaitingDegree: boolean
  onDegree: (degree: 1 | 2 | 3) => void
  disabled: boolean
}

/**
 * The compact palette: the status to chart with (Q W E), one button per condition code with its
 * colour and key (1-0, -, =), and the whole-tooth conditions. A code button charts the selection
 * at once; mobility first asks for its degree (1 2 3).
 */
export function ChartPalette({ status, onStatus, onCode, onCondition, awaitingDegree, onDegree, disabled }: Props) {
  const { t } = useTranslation()
  return (
    <div className="chart-palette" aria-label={t('treatment.palette')} role="group">
      <Segmented<FindingStatus>
        block
        value={status}
        onChange={onStatus}
        options={findingStatuses.map((value) => ({ value, label: `${t(`clinical.status.${value}`)} · ${keyLabel(statusShortcuts.get(value))}` }))}
      />
      <div className="chart-palette-codes">
        {conditionTable.map((definition) => (
          <Tooltip key={definition.code} title={t(`clinical.code.${definition.key}`)}>
            <Button size="small" disabled={disabled} onClick={() => onCode(definition.code)} className="chart-palette-code" aria-keyshortcuts={keyLabel(codeShortcuts.get(definition.code))}>
              <span className="chart-palette-swatch" style={{ background: definition.color }} aria-hidden />
              <span className="chart-palette-name">{t(`clinical.code.${definition.key}`)}</span>
              <kbd>{keyLabel(codeShortcuts.get(definition.code))}</kbd>
            </Button>
          </Tooltip>
        ))}
      </div>
      {awaitingDegree && (
        <Space wrap className="chart-palette-degree">
          <span>{t('treatment.chooseDegree')}</span>
          {([1, 2, 3] as const).map((degree) => (
            <Button key={degree} size="small" onClick={() => onDegree(degree)}>{degree}</Button>
          ))}
        </Space>
      )}
      <Select<ToothCondition>
        size="small"
        disabled={disabled}
        value={null}
        placeholder={t('treatment.setCondition')}
        onChange={onCondition}
        options={toothConditions.map((value) => ({ value, label: t(`clinical.condition.${value}`) }))}
        className="chart-palette-condition"
      />
    </div>
  )
}
