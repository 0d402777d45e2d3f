import type { ReactNode } from 'react'

/**
 * Where the list's controls sit. Wide: the filters as a row of their own, then search with
 * sort and columns at the far end. Phone: search first (what people do most), then the
 * filter and sort drop-downs side by side.
 */
export function CustomersToolbar({ search, filter, sort, columns, phone }: { search: ReactNode; filter: ReactNode; sort: ReactNode; columns: ReactNode; phone: boolean }) {
  if (phone) {
    return (
      <div className="customers-toolbar">
        <div className="customers-toolbar-row">{search}</div>
        <div className="customers-toolbar-row customers-toolbar-pickers">
          {filter}
          {sort}
        </div>
      </div>
    )
  }
  return (
    <div className="customers-toolbar">
      <div className="customers-toolbar-row">{filter}</div>
      <div className="customers-toolbar-row">
        {search}
        <div className="customers-toolbar-end">
          {sort}
          {columns}
        </div>
      </div>
    </div>
  )
}
