/**
 * Shapes of the customers area, re-exported from the server's shared files (type-only: no
 * server code reaches the bundle).
 */
import type { Customer, CustomerData as CustomerCreate } from '../../../../server/src/services/customers/customers/customers.shared'
import type { Tag } from '../../../../server/src/services/customers/tags/tags.shared'
import type { Source } from '../../../../server/src/services/customers/sources/sources.shared'
import type { Note } from '../../../../server/src/services/customers/notes/notes.shared'
import type { CustomField } from '../../../../server/src/services/customers/fields/fields.shared'

export type { CustomerStatus, NotificationChannel } from '../../../../server/src/services/customers/customers/customers.shared'
export { notificationChannels } from '../../../../server/src/services/customers/customers/customers.shared'
export type { CustomFieldType } from '../../../../domain/customers/custom-fields'

export type CustomerRecord = Customer
/** What the form sends on create and patch (the server fills defaults and keeps read-only fields). */
export type CustomerData = CustomerCreate
export type TagRecord = Tag
export type SourceRecord = Source
export type NoteRecord = Note
export type CustomFieldRecord = CustomField
