/**
 * The money reports' names shared by the server and the screens (docs/decisions/reports.md):
 * the payments report's figures, where an allocation went when not to a doctor's invoice, and the
 * debtors report's ageing buckets (days from an invoice's issue day to the report's day).
 */
export const paymentFigures = ['collected', 'refunds', 'net', 'cancelled'] as const
export type PaymentFigure = (typeof paymentFigures)[number]

/** Money that went to the patient's balance, or to invoices without a doctor. */
export const allocationTargets = ['balance', 'no-doctor'] as const
export type AllocationTarget = (typeof allocationTargets)[number]

export const ageingBuckets = ['d0_30', 'd31_60', 'd61_90', 'd90'] as const
export type AgeingBucket = (typeof ageingBuckets)[number]
