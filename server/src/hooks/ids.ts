import { v7 as uuidv7 } from 'uuid'

/** A time-ordered record id (UUID v7): new rows land at the end of the primary key index. */
export const newId = () => uuidv7()
/** Instants are stored and sent as ISO-8601 strings in UTC. */
export const now = () => new Date().toISOString()
