import { useTranslation } from 'react-i18next'
import { conditionTable, findingStatuses, statusStyles } from '../../../../domain/clinical/conditions'

const SAMPLE = '#595959'

/** The colours of the condition codes and the three styles of existing, planned and done work. */
export function OdontogramLegend() {
  const { t } = useTranslation()
  return (
    <div className="odontogram-legend" aria-label={t('clinical.chart.legend')}>
      <ul className="odontogram-legend-codes">
        {conditionTable.map((definition) => (
          <li key={definition.code}>
            <span className="odontogram-swatch" style={{ background: definition.color }} aria-hidden />
            {t(`clinical.code.${definition.key}`)}
          </li>
        ))}
      </ul>
      <ul className="odontogram-legend-statuses">
        {findingStatuses.map((status) => {
          const style = statusStyles[status]
          const background = style.fill === 'hatched' ? `repeating-linear-gradient(45deg, ${SAMPLE} 0 2px, #fff 2px 4px)` : SAMPLE
          const border = style.stroke === 'dashed' ? `1px dashed ${SAMPLE}` : style.stroke === 'dark' ? '1.5px solid #262626' : `1px solid ${SAMPLE}`
          return (
            <li key={status}>
              <span className="odontogram-swatch" style={{ background, opacity: style.opacity, border }} aria-hidden />
              {t(`clinical.status.${status}`)}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
