import { RowCodec } from '../../row-codec'

/** The rows of `tooth_events` as the API shapes them: surfaces are JSON text in the database. */
export const toothRowShape = { json: ['surfaces'] }
export const toothEventCodec = new RowCodec(toothRowShape)
