import './home.css'
import { lazyInBackground } from '../../app/background-chunk'
import { Suspense } from 'react'
import { Card, Col, Row, Spin, Statistic, Tag, Typography } from 'antd'
import { ApartmentOutlined, CalendarOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { useCan } from '../../api/permissions'
import { useGet, useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { PageHeader } from '../../components/PageHeader'
import { PersonAvatar } from '../../components/PersonAvatar'
import { QuickLinks } from './QuickLinks'
import { roleLabel } from '../roles/role-label'

// Its own chunk: only roles that view tasks load it (the home screen is the first signed-in screen).
const MyTasksCard = lazyInBackground(() => import('../tasks/MyTasksCard'))
// Its own chunk too (with its texts, which it loads): only those who may view the summary report load it.
const DirectorHome = lazyInBackground(() => import('../director-home/DirectorHome'))

/** Words, unlike counts, must fit the card at a smaller size. */
const textStat = { fontSize: 18, lineHeight: 1.35, overflowWrap: 'anywhere' } as const

function greetingKey(hour: number) {
  if (hour < 5) return 'home.greetingEvening'
  if (hour < 12) return 'home.greetingMorning'
  if (hour < 18) return 'home.greetingDay'
  return 'home.greetingEvening'
}

/** What exists so far, at a glance: the clinic, its people and where to go next. A doctor's home is their day. */
export default function HomePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const session = useSignedIn()
  const company = useGet('my-company', 'mine')
  const team = useFind('my-team', { $limit: 8 })
  const seesAppointments = useCan('appointment', 'view')
  const seesAllAppointments = useCan('appointment', 'seeAll')
  // "Accepted but not scheduled" (issue 15): plans the front desk still has to book.
  const seesPlans = useCan('treatment-plan', 'view')
  const waiting = useFind('treatment-plan', { needsBooking: true, $limit: 0 }, seesPlans)
  const seesTasks = useCan('tasks', 'view')
  // The director's and finance manager's glance at today and this month (issue 19, item 3).
  const seesFigures = useCan('reports-summary', 'view') && session.company.modules?.reports === true
  const now = new Date()
  // A doctor (their own visits only) starts on their own day, not on the clinic's tiles.
  if (seesAppointments && !seesAllAppointments) return <Navigate to="/appointments/calendar?view=day&doctor=me" replace />
  return (
    <>
      <PageHeader
        title={t(greetingKey(now.getHours()), { name: session.user.first_name })}
        subtitle={`${session.company.name} · ${format.date(now)}`}
      />
      {seesFigures && (
        <Suspense fallback={<Spin />}>
          <DirectorHome />
        </Suspense>
      )}
      <Row gutter={[16, 16]} align="stretch">
        <Col xs={12} lg={6}>
          <Card className="stat-card">
            <Statistic title={t('home.team')} value={company.data?.teamCount ?? '—'} prefix={<TeamOutlined />} loading={company.isLoading} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card className="stat-card">
            <Statistic title={t('home.branches')} value={company.data?.branchCount ?? '—'} prefix={<ApartmentOutlined />} loading={company.isLoading} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card className="stat-card">
            <Statistic title={t('home.role')} value={roleLabel(session.role, t)} prefix={<SafetyCertificateOutlined />} styles={{ content: textStat }} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card className="stat-card">
            <Statistic
              title={t('home.subscription')}
              value={session.company.subscriptionEndsAt ? format.date(session.company.subscriptionEndsAt) : t('home.noEnd')}
              prefix={<CalendarOutlined />}
              styles={{ content: textStat }}
            />
          </Card>
        </Col>
        {seesPlans && (
          <Col xs={24} lg={6}>
            <Link to="/people/customers/filter/unscheduled" data-testid="home-plans-to-book">
              <Card className="stat-card" hoverable>
                <Statistic title={t('home.plansToBook')} value={waiting.data?.total ?? '—'} prefix={<CalendarOutlined />} loading={waiting.isLoading} />
              </Card>
            </Link>
          </Col>
        )}
        {seesTasks && (
          <Col xs={24} lg={10}>
            <Suspense fallback={<Spin />}>
              <MyTasksCard />
            </Suspense>
          </Col>
        )}
        <Col xs={24} lg={14}>
          <QuickLinks />
        </Col>
        {/* Someone whose role may not list the team simply does not get this card. */}
        {!team.error && (
          <Col xs={24} lg={10}>
            <Card title={t('home.teamTitle')}>
              {/* Plain markup, not antd's List: the home screen is the first signed-in screen, and List brings pagination's script. */}
              {team.isLoading ? (
                <Spin />
              ) : (team.data?.data ?? []).length === 0 ? (
                <Typography.Text type="secondary">{t('home.teamEmpty')}</Typography.Text>
              ) : (
                <ul className="home-team">
                  {(team.data?.data ?? []).map((member) => (
                    <li key={member._id} className="home-team-member">
                      <PersonAvatar person={member} />
                      <div>
                        <div className="home-team-name">{`${member.first_name} ${member.last_name}`}</div>
                        {member.acceptsAppointments && <Tag color="green">{t('team.acceptsAppointments')}</Tag>}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {(team.data?.total ?? 0) > 8 && (
                <Typography.Text type="secondary">{t('home.teamMore', { count: (team.data?.total ?? 0) - 8 })}</Typography.Text>
              )}
            </Card>
          </Col>
        )}
      </Row>
    </>
  )
}
