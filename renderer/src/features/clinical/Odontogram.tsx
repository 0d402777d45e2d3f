import { useTranslation } from 'react-i18next'
import { OdontogramChart, type OdontogramChartProps } from './OdontogramChart'
import { OdontogramLegend } from './OdontogramLegend'
import './odontogram.css'

export type { OdontogramChartProps as OdontogramProps } from './OdontogramChart'
export type { OdontogramSelection, ToothSelection } from './odontogram-selection'

/**
 * The dental chart as a screen block: the SVG odontogram (scrolling sideways on a phone), the
 * keyboard hint and the legend. Props as OdontogramChart; `legend={false}` leaves the legend out.
 */
export function Odontogram({ legend = true, ...props }: OdontogramChartProps & { legend?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="odontogram">
      <div className="odontogram-scroll">
        <OdontogramChart {...props} />
      </div>
      {!props.readOnly && <p className="odontogram-hint">{t('clinical.chart.keyboardHint')}</p>}
      {legend && <OdontogramLegend />}
    </div>
  )
}
