import { v7 as uuidv7 } from 'uuid'

/**
 * A payment form's client key: a UUID v7, as the server's record ids (server/src/hooks/ids.ts
 * `newId`, which the renderer may not import). Made once per opened form and kept across retries.
 */
export const newClientKey = () => uuidv7()
