import { Col, Row } from 'antd'
import { useCan } from '../../api/permissions'
import { CalendarSettingsCard } from './CalendarSettingsCard'
import { TeamScheduleCard } from './TeamScheduleCard'
import { TimeTemplatesCard } from './TimeTemplatesCard'
import './schedule.css'

/** /company/profile/schedule: calendar settings, time templates, and the team's working hours. */
export default function CompanyScheduleTab() {
  const canSeeTemplates = useCan('time-templates', 'view')
  const canSeeTeam = useCan('my-team', 'view')
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={canSeeTemplates ? 14 : 24}>
        <CalendarSettingsCard />
      </Col>
      {canSeeTemplates && (
        <Col xs={24} xl={10}>
          <TimeTemplatesCard />
        </Col>
      )}
      {canSeeTeam && (
        <Col xs={24}>
          <TeamScheduleCard />
        </Col>
      )}
    </Row>
  )
}
