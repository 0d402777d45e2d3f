import { Spin } from 'antd'

/** While a route chunk or its first data loads. `full` centres it on the whole viewport. */
export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'page-loading page-loading-full' : 'page-loading'} role="progressbar" aria-busy="true">
      <Spin size="large" />
    </div>
  )
}
