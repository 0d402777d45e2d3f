import type { RecordScope } from '../../../access/record-scope'

/** Payments belong to the branch that received them: people see those of the branches they work in. */
export const paymentScope: RecordScope = { branch: {} }
