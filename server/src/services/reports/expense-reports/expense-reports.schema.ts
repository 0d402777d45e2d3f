import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { expenseCategories } from '../../billing/expense/expense.shared'
import { expenseRowFigures } from './expense-reports.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * The period as the summary's (`[from, to)` company-local days; missing: `date-constraint-required`)
 * and a branch. `$rows` asks for the rows behind one figure, narrowed by `day`, `branchId` and
 * (expenses) `category`.
 */
export const expenseReportsQuerySchema = Type.Object(
  {
    from: Type.Optional(LocalDate),
    to: Type.Optional(LocalDate),
    branchId: Type.Optional(IdSchema),
    $rows: Type.Optional(literals(expenseRowFigures)),
    day: Type.Optional(LocalDate),
    category: Type.Optional(literals(expenseCategories)),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Rows skipped before the page (a background export reads every page: report-exports). */
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type ExpenseReportsQuery = Static<typeof expenseReportsQuerySchema>
export const expenseReportsQueryValidator = getValidator(expenseReportsQuerySchema, queryValidator)
