import { columnState, fromMatrix, toggle, toggleColumn, toMatrix } from '../../renderer/src/features/roles/permission-matrix'

describe('permission matrix editor', () => {
  test('round-trips a role, leaving out resources with nothing granted', () => {
    const permissions = [{ resource: 'users', view: true, edit: true }]
    expect(fromMatrix(toMatrix(permissions))).toEqual(permissions)
  })

  test('ticking a flag also grants view; unticking view clears the row', () => {
    let matrix = toggle(toMatrix([]), 'roles', 'delete', true)
    expect(matrix.roles).toMatchObject({ view: true, delete: true })
    matrix = toggle(matrix, 'roles', 'view', false)
    expect(fromMatrix(matrix)).toEqual([])
  })

  test('a column toggle covers exactly the listed resources', () => {
    const matrix = toggleColumn(toMatrix([]), ['users', 'roles'], 'create', true)
    expect(columnState(matrix, ['users', 'roles'], 'create')).toBe('all')
    expect(columnState(matrix, ['users', 'roles', 'company'], 'create')).toBe('some')
    expect(matrix.company.create).toBe(false)
  })
})
