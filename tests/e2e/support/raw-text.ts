import { readFileSync } from 'node:fs'
import path from 'node:path'
import { appointmentStatuses } from '../../../domain/appointments/status'
import { permissionResources } from '../../../domain/access/resources'
import { customerStatus, genders } from '../../../server/src/services/customers/customers/customers.shared'
import { companyModules } from '../../../server/src/services/company/company/company.shared'
import { workPlaceKinds } from '../../../server/src/services/schedule/work-place/work-place.shared'
import { waitingListStatuses } from '../../../server/src/services/appointments/waiting-list/waiting-list.shared'

/**
 * What must never show in a translated interface (issue 13): an i18next key (a missing text shows
 * as its key, "booking.findSlot"), a record id, a stored structure as JSON, or a raw code the
 * server stores (a status, a module, a resource). Codes are matched whole and case-sensitively: "Room 3" is a name, "room" a code.
 */
// Read, not imported: Playwright loads the tests as ES modules, which need an attribute for JSON.
const namespaces = Object.keys(JSON.parse(readFileSync(path.resolve('renderer/src/i18n/locales/ru.json'), 'utf8')) as object)
const keyPattern = new RegExp(`\\b(?:${namespaces.join('|')})\\.[A-Za-z][\\w.-]*`, 'g')
const idPattern = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi
export const rawCodes: ReadonlySet<string> = new Set([
  ...appointmentStatuses, ...customerStatus, ...genders, ...companyModules, ...workPlaceKinds, ...waitingListStatuses, ...permissionResources
])
const wordPattern = /[A-Za-z][\w-]*/g
/** A stored structure shown as it is stored: `{"week":` or `[{"start":`. */
const jsonPattern = /[{[]\s*"[\w-]+"\s*:/g

/**
 * A print template's variable as the clinic types it, `{{patient.fullName}}`: the notation of the
 * documented dictionary (domain/documents/variables.ts), shown on purpose by the template editor.
 */
const templateVariable = /\{\{\s*[\w.]+\s*\}\}/g

/** Every raw thing in one text, each named by what it is. */
export function rawTextIn(shown: string): string[] {
  const text = shown.replace(templateVariable, ' ')
  const found = [
    ...[...text.matchAll(keyPattern)].map((match) => `key ${match[0]}`),
    ...[...text.matchAll(idPattern)].map((match) => `id ${match[0]}`),
    ...[...text.matchAll(jsonPattern)].map((match) => `json ${match[0]}`),
    ...[...text.matchAll(wordPattern)].filter((match) => rawCodes.has(match[0])).map((match) => `code ${match[0]}`)
  ]
  return [...new Set(found)]
}
