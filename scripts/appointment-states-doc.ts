/**
 * Writes docs/appointment-states.md from domain/appointments/status.ts, so the documented state
 * machine is the enforced one. Run: node --import tsx scripts/appointment-states-doc.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { appointmentStatesMarkdown } from '../domain/appointments/states-doc'

const target = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'docs', 'appointment-states.md')
fs.writeFileSync(target, appointmentStatesMarkdown())
console.log(`wrote ${target}`)
