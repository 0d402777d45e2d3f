/**
 * The history report's actions (issue 19, `/reports/history`; docs/decisions/reports.md): the
 * activity log's changes by what was done. A patch and an update are both an edit; the log's
 * reads of clinical records (get, find) are not changes and are not counted.
 */
export const historyActions = ['create', 'edit', 'remove'] as const
export type HistoryAction = (typeof historyActions)[number]

/** The log's methods of each action. */
export const methodsOfAction: Record<HistoryAction, readonly string[]> = {
  create: ['create'],
  edit: ['patch', 'update'],
  remove: ['remove']
}

/** Every method the report counts. */
export const countedMethods: readonly string[] = historyActions.flatMap((action) => methodsOfAction[action])

/** The action a counted method is (a method not counted is an edit: never asked, the read keeps them out). */
export function actionOfMethod(method: string): HistoryAction {
  return historyActions.find((action) => methodsOfAction[action].includes(method)) ?? 'edit'
}

/** A line's changes per action and their sum. */
export type ActionCounts = Record<HistoryAction, number> & { total: number }

export const emptyActionCounts = (): ActionCounts => ({ create: 0, edit: 0, remove: 0, total: 0 })

/** Adds `count` changes of `action` to a line. */
export function addAction(counts: ActionCounts, action: HistoryAction, count: number): void {
  counts[action] += count
  counts.total += count
}
