import { useCallback } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { filterPath, parseFilter, parsePage, parseSort, type CustomerFilter, type CustomerSort, type ListState } from './customer-query'

/**
 * The list's state read from and written to the address: the filter in the path, search, sort
 * and page in the search params, so a link, a reload or the back button from a customer's
 * page brings the same list back. Typing replaces the entry instead of adding one per key.
 */
export function useListAddress() {
  const { filter: filterParam } = useParams()
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const state: ListState = {
    filter: parseFilter(filterParam),
    search: params.get('q') ?? '',
    sort: parseSort(params.get('sort')),
    page: parsePage(params.get('page'))
  }

  const update = useCallback(
    (change: { search?: string; sort?: CustomerSort; page?: number }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (change.search !== undefined) {
            if (change.search) next.set('q', change.search)
            else next.delete('q')
          }
          if (change.sort !== undefined) {
            if (change.sort === 'name') next.delete('sort')
            else next.set('sort', change.sort)
          }
          // Any change but paging starts again at the first page.
          const page = change.page ?? 1
          if (page > 1) next.set('page', String(page))
          else next.delete('page')
          return next
        },
        { replace: change.page === undefined }
      )
    },
    [setParams]
  )

  const setFilter = useCallback(
    (filter: CustomerFilter) => {
      const keep = new URLSearchParams()
      const q = params.get('q')
      if (q) keep.set('q', q)
      const sort = params.get('sort')
      if (sort) keep.set('sort', sort)
      const search = keep.toString()
      navigate(`${filterPath(filter)}${search ? `?${search}` : ''}`)
    },
    [navigate, params]
  )

  return { state, update, setFilter }
}
