import fs from 'node:fs'
import path from 'node:path'
import {
  allowedNextStatuses,
  type AppointmentStatus,
  appointmentStatuses,
  canTransition,
  holdsSlot,
  initialStatuses,
  isFinalStatus,
  slotHoldingStatuses
} from '../../domain/appointments/status'
import { appointmentStatesMarkdown } from '../../domain/appointments/states-doc'

describe('appointment state machine', () => {
  it('has exactly the contract statuses, with the contract slot holders', () => {
    expect([...appointmentStatuses].sort()).toEqual(
      ['planned', 'arrived', 'confirmed', 'notConfirmed', 'late', 'started', 'completed', 'cancelled', 'noShow', 'draft', 'onlineWaiting'].sort()
    )
    expect([...slotHoldingStatuses].sort()).toEqual(['arrived', 'completed', 'confirmed', 'late', 'notConfirmed', 'planned', 'started'])
    for (const status of ['cancelled', 'noShow', 'draft', 'onlineWaiting'] as const) expect(holdsSlot(status)).toBe(false)
  })

  it('walks a normal visit from booking to completion', () => {
    const path = ['planned', 'confirmed', 'arrived', 'started', 'completed'] as const
    for (let i = 1; i < path.length; i += 1) expect([path[i - 1], path[i], canTransition(path[i - 1], path[i])]).toEqual([path[i - 1], path[i], true])
  })

  it('makes completed final and never reopens it', () => {
    expect(allowedNextStatuses('completed')).toEqual([])
    expect(isFinalStatus('completed')).toBe(true)
    for (const to of appointmentStatuses) expect(canTransition('completed', to)).toBe(false)
  })

  it('lets drafts and online requests be planned, confirmed or cancelled', () => {
    for (const from of ['draft', 'onlineWaiting'] as const) {
      for (const to of ['planned', 'confirmed', 'cancelled'] as const) expect(canTransition(from, to)).toBe(true)
      expect(canTransition(from, 'completed')).toBe(false)
      expect(canTransition(from, 'started')).toBe(false)
    }
  })

  it('restores cancelled and no-show appointments only to planned', () => {
    expect(allowedNextStatuses('cancelled')).toEqual(['planned'])
    expect(allowedNextStatuses('noShow')).toEqual(['planned'])
  })

  it('refuses skipping to completed before the visit started, and a no-show after arrival', () => {
    for (const from of ['planned', 'confirmed', 'notConfirmed', 'late', 'arrived', 'draft'] as const) expect(canTransition(from, 'completed')).toBe(false)
    expect(canTransition('arrived', 'noShow')).toBe(false)
    expect(canTransition('started', 'cancelled')).toBe(false)
  })

  it('never lists a status as its own next status, and only known statuses', () => {
    for (const from of appointmentStatuses) {
      expect(allowedNextStatuses(from)).not.toContain(from)
      for (const to of allowedNextStatuses(from)) expect(appointmentStatuses).toContain(to)
    }
  })

  it('reaches every status from some status a new appointment may start in', () => {
    const reached = new Set<AppointmentStatus>(initialStatuses)
    let grew = true
    while (grew) {
      grew = false
      for (const from of [...reached]) for (const to of allowedNextStatuses(from)) if (!reached.has(to)) grew = reached.add(to) !== null
    }
    expect([...reached].sort()).toEqual([...appointmentStatuses].sort())
  })

  it('keeps docs/appointment-states.md up to date (run scripts/appointment-states-doc.ts)', () => {
    const file = path.join(__dirname, '..', '..', 'docs', 'appointment-states.md')
    expect(fs.readFileSync(file, 'utf8')).toBe(appointmentStatesMarkdown())
  })
})
