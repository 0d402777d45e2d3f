import type { ReactNode } from 'react'
import type { TableColumnsType } from 'antd'
import type { ExportColumn, ExportColumnKind } from '../../../../domain/reports/report-exports'

/**
 * One column of a drill-down drawer, defined once for its table and for the background export
 * of all its rows (DrillExport): `key` is the row's field the file writes, `kind` how
 * (money from minor units, an instant in the company's time zone), `render` what the table
 * shows. Coded values (a method, a branch) get their words from the export's labels.
 */
export interface DrillColumn<Row> {
  key: string & keyof Row
  title: string
  kind: ExportColumnKind
  /** What the table shows (a column `only` of the file shows nothing). */
  render: (row: Row) => ReactNode
  align?: 'right'
  nowrap?: boolean
  strong?: boolean
  /** A column of one side alone: `table` for a cell the table composes of several fields, `file` for those fields one by one. */
  only?: 'table' | 'file'
}

export function tableColumns<Row>(columns: ReadonlyArray<DrillColumn<Row>>): TableColumnsType<Row> {
  return columns.filter((column) => column.only !== 'file').map((column) => ({ key: column.key, title: column.title, align: column.align, className: [column.nowrap ? 'reports-nowrap' : '', column.strong ? 'reports-strong' : ''].join(' ').trim() || undefined, render: (_: unknown, row: Row) => column.render(row) }))
}

export function exportColumns<Row>(columns: ReadonlyArray<DrillColumn<Row>>): ExportColumn[] {
  return columns.filter((column) => column.only !== 'table').map(({ key, title, kind }) => ({ key, title, kind }))
}

/** The words of a column's coded values for the export (`labels`): each value named by `text`. */
export function wordsOf(values: Iterable<string>, text: (value: string) => string): Record<string, string> {
  return Object.fromEntries([...values].map((value) => [value, text(value)]))
}

/** A column of the file alone: one field of a cell the table composes of several. */
export function fileColumn<Row>(key: string & keyof Row, title: string, kind: ExportColumnKind = 'text'): DrillColumn<Row> {
  return { key, title, kind, only: 'file', render: () => null }
}
