import { exportCsvValue, exportFileName, exportValue, type ExportColumn } from '../../../domain/reports/report-exports'
import { drillQuery } from '../../../renderer/src/features/reports/useDrillRows'

const column = (key: string, kind: ExportColumn['kind']): ExportColumn => ({ key, title: key, kind })

describe('report export cells', () => {
  const row = { date: '2026-10-05T07:00:00.000Z', method: 'cash', value: 150050, customerName: 'Петрова Ольга', invoice: null, branchId: 'b1' }
  const labels = { method: { cash: 'Наличные' }, branchId: { b1: 'Главный' } }

  it('names coded values with the screen\'s words and leaves the rest as they are', () => {
    expect(exportValue(row, column('method', 'text'), labels, 'UTC')).toBe('Наличные')
    expect(exportValue(row, column('branchId', 'text'), labels, 'UTC')).toBe('Главный')
    expect(exportValue(row, column('customerName', 'text'), labels, 'UTC')).toBe('Петрова Ольга')
    expect(exportValue(row, column('invoice', 'text'), labels, 'UTC')).toBe('')
    expect(exportValue({ method: 'card' }, column('method', 'text'), labels, 'UTC')).toBe('card')
  })

  it('writes instants in the company\'s time zone and money from minor units without floats', () => {
    expect(exportValue(row, column('date', 'datetime'), labels, 'Europe/Helsinki')).toBe('2026-10-05 10:00')
    expect(exportValue(row, column('value', 'money'), labels, 'UTC')).toBe(150050)
    expect(exportCsvValue(row, column('value', 'money'), labels, 'UTC')).toBe('1500.50')
    expect(exportCsvValue({ value: -5 }, column('value', 'money'), labels, 'UTC')).toBe('-0.05')
  })

  it('makes a file name without path or reserved characters', () => {
    expect(exportFileName('Платежи: получено / октябрь', 'xlsx')).toBe('Платежи_ получено _ октябрь.xlsx')
    expect(exportFileName('  ', 'csv')).toBe('export.csv')
  })

  it('asks the report the drawer\'s own query: filter, the narrowings given, $rows', () => {
    expect(drillQuery({ from: '2026-10-01', to: '2026-11-01' }, { figure: 'collected', day: '2026-10-05', method: undefined } as { figure: string })).toEqual({ from: '2026-10-01', to: '2026-11-01', day: '2026-10-05', $rows: 'collected' })
  })
})
