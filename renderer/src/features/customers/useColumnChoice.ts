import { useCallback, useState } from 'react'
import { COLUMNS_STORAGE_KEY, customerColumns, parseColumns, type CustomerColumn } from './customer-columns'

function read(): CustomerColumn[] {
  try {
    return parseColumns(localStorage.getItem(COLUMNS_STORAGE_KEY))
  } catch {
    return parseColumns(null)
  }
}

/** The columns this device shows, remembered in localStorage. */
export function useColumnChoice() {
  const [columns, setColumns] = useState<CustomerColumn[]>(read)
  const choose = useCallback((next: CustomerColumn[]) => {
    const ordered = customerColumns.filter((column) => next.includes(column))
    setColumns(ordered)
    try {
      localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ordered))
    } catch {
      // Private mode or a full storage: the choice lasts for this visit only.
    }
  }, [])
  return [columns, choose] as const
}
