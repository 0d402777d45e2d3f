import {
  customFieldDefinitionProblem,
  customFieldsProblem,
  isCalendarDate,
  isCustomFieldShown,
  isValidCustomFieldValue,
  MAX_CUSTOM_TEXT_LENGTH,
  type CustomFieldDefinition
} from '../../domain/customers/custom-fields'

const field = (id: string, type: CustomFieldDefinition['type'], extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  _id: id,
  name: `Field ${id}`,
  type,
  values: [],
  showIf: null,
  ...extra
})

const definitions = [
  field('text', 'text'),
  field('number', 'number'),
  field('date', 'date'),
  field('select', 'select', { values: ['A+', 'B-'] }),
  field('multi', 'multiselect', { values: ['penicillin', 'latex', 'iodine'] }),
  field('check', 'checkbox')
]

describe('customFieldsProblem', () => {
  it('accepts valid values of every type, nulls, an empty object and no object at all', () => {
    expect(customFieldsProblem({ text: 'Teacher', number: 42.5, date: '2024-02-29', select: 'A+', multi: ['latex', 'iodine'], check: false }, definitions)).toBeNull()
    expect(customFieldsProblem({ text: null, number: null, date: null, select: null, multi: null, check: null }, definitions)).toBeNull()
    expect(customFieldsProblem({ multi: [], text: '' }, definitions)).toBeNull()
    expect(customFieldsProblem({}, [])).toBeNull()
    expect(customFieldsProblem(undefined, definitions)).toBeNull()
  })

  it('refuses something that is not an object', () => {
    for (const values of [null, 'x', 3, ['text']]) expect(customFieldsProblem(values, definitions)).toEqual({ code: 'invalid-request', path: 'customFields' })
  })

  it('refuses a key that names no field of the company', () => {
    expect(customFieldsProblem({ text: 'ok', ghost: 'boo' }, definitions)).toEqual({ code: 'custom-field-unknown', path: 'customFields.ghost' })
    expect(customFieldsProblem({ text: 'ok' }, [])).toEqual({ code: 'custom-field-unknown', path: 'customFields.text' })
  })

  it.each([
    ['text', 5],
    ['text', 'x'.repeat(MAX_CUSTOM_TEXT_LENGTH + 1)],
    ['number', '5'],
    ['number', Number.NaN],
    ['number', Number.POSITIVE_INFINITY],
    ['date', '2023-02-29'],
    ['date', '2024-1-05'],
    ['date', '2024-01-05T00:00:00Z'],
    ['select', 'AB'],
    ['select', ['A+']],
    ['multi', 'latex'],
    ['multi', ['latex', 'latex']],
    ['multi', ['latex', 'pollen']],
    ['multi', [1]],
    ['check', 'true'],
    ['check', 1]
  ])('refuses %s = %p with the field as path', (id, value) => {
    expect(customFieldsProblem({ [id]: value }, definitions)).toEqual({ code: 'custom-field-invalid', path: `customFields.${id}` })
  })

  it('accepts text up to the limit', () => {
    expect(isValidCustomFieldValue('x'.repeat(MAX_CUSTOM_TEXT_LENGTH), { type: 'text', values: [] })).toBe(true)
  })
})

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(['2024-02-29', '1900-01-01', '2099-12-31'].every(isCalendarDate)).toBe(true)
    expect(['2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '24-01-01', '', 20240101].some(isCalendarDate)).toBe(false)
  })
})

describe('customFieldDefinitionProblem', () => {
  it('requires options for select and multiselect, not blank and not repeated', () => {
    for (const type of ['select', 'multiselect'] as const) {
      expect(customFieldDefinitionProblem(field('n', type), [])).toEqual({ code: 'custom-field-values-required', path: 'values' })
      expect(customFieldDefinitionProblem(field('n', type, { values: ['a', ' '] }), [])).toEqual({ code: 'custom-field-values-required', path: 'values' })
      expect(customFieldDefinitionProblem(field('n', type, { values: ['a', 'a'] }), [])).toEqual({ code: 'custom-field-values-duplicate', path: 'values' })
      expect(customFieldDefinitionProblem(field('n', type, { values: ['a', 'b'] }), [])).toBeNull()
    }
    for (const type of ['text', 'number', 'date', 'checkbox'] as const) expect(customFieldDefinitionProblem(field('n', type), [])).toBeNull()
  })

  it('accepts a condition on another field with a value that field can hold', () => {
    expect(customFieldDefinitionProblem(field('n', 'text', { showIf: { fieldId: 'check', equals: true } }), definitions)).toBeNull()
    expect(customFieldDefinitionProblem(field('n', 'text', { showIf: { fieldId: 'select', equals: 'B-' } }), definitions)).toBeNull()
    expect(customFieldDefinitionProblem(field('n', 'text', { showIf: { fieldId: 'multi', equals: 'latex' } }), definitions)).toBeNull()
    expect(customFieldDefinitionProblem(field('n', 'text', { showIf: { fieldId: 'number', equals: 3 } }), definitions)).toBeNull()
  })

  it('refuses a condition on itself or on a field that does not exist', () => {
    expect(customFieldDefinitionProblem(field('text', 'text', { showIf: { fieldId: 'text', equals: 'x' } }), definitions)).toEqual({ code: 'custom-field-show-if-invalid', path: 'showIf.fieldId' })
    expect(customFieldDefinitionProblem(field('n', 'text', { showIf: { fieldId: 'ghost', equals: 'x' } }), definitions)).toEqual({ code: 'custom-field-show-if-invalid', path: 'showIf.fieldId' })
  })

  it('refuses a condition value the other field cannot hold', () => {
    for (const showIf of [
      { fieldId: 'check', equals: 'yes' },
      { fieldId: 'select', equals: 'O' },
      { fieldId: 'multi', equals: 'pollen' },
      { fieldId: 'number', equals: '3' },
      { fieldId: 'date', equals: 'tomorrow' }
    ]) {
      expect(customFieldDefinitionProblem(field('n', 'text', { showIf }), definitions)).toEqual({ code: 'custom-field-show-if-value', path: 'showIf.equals' })
    }
  })

  it('refuses a loop of conditions, short or long', () => {
    const a = field('a', 'checkbox', { showIf: { fieldId: 'b', equals: true } })
    const b = field('b', 'checkbox', { showIf: { fieldId: 'c', equals: true } })
    const c = field('c', 'checkbox')
    // c depending on a closes a -> b -> c -> a.
    expect(customFieldDefinitionProblem({ ...c, showIf: { fieldId: 'a', equals: true } }, [a, b, c])).toEqual({ code: 'custom-field-show-if-cycle', path: 'showIf.fieldId' })
    // b depending on a closes a -> b -> a.
    expect(customFieldDefinitionProblem({ ...b, showIf: { fieldId: 'a', equals: true } }, [a, b, c])).toEqual({ code: 'custom-field-show-if-cycle', path: 'showIf.fieldId' })
    // A chain that does not come back is fine, and a loop elsewhere does not hang the check.
    const d = field('d', 'checkbox', { showIf: { fieldId: 'a', equals: false } })
    expect(customFieldDefinitionProblem(d, [a, b, c])).toBeNull()
    const x = field('x', 'checkbox', { showIf: { fieldId: 'y', equals: true } })
    const y = field('y', 'checkbox', { showIf: { fieldId: 'x', equals: true } })
    expect(customFieldDefinitionProblem(field('z', 'text', { showIf: { fieldId: 'x', equals: true } }), [x, y])).toBeNull()
  })
})

describe('isCustomFieldShown', () => {
  const pregnant = field('pregnant', 'checkbox')
  const week = field('week', 'number', { showIf: { fieldId: 'pregnant', equals: true } })
  const allergies = field('allergies', 'multiselect', { values: ['latex', 'iodine'] })
  const reaction = field('reaction', 'text', { showIf: { fieldId: 'allergies', equals: 'latex' } })
  const trimester = field('trimester', 'text', { showIf: { fieldId: 'week', equals: 20 } })
  const all = [pregnant, week, allergies, reaction, trimester]

  it('shows a field without a condition, and one whose condition holds', () => {
    expect(isCustomFieldShown(pregnant, {}, all)).toBe(true)
    expect(isCustomFieldShown(week, { pregnant: true }, all)).toBe(true)
    expect(isCustomFieldShown(week, { pregnant: false }, all)).toBe(false)
    expect(isCustomFieldShown(week, {}, all)).toBe(false)
  })

  it('treats a multiselect condition as "includes"', () => {
    expect(isCustomFieldShown(reaction, { allergies: ['iodine', 'latex'] }, all)).toBe(true)
    expect(isCustomFieldShown(reaction, { allergies: ['iodine'] }, all)).toBe(false)
  })

  it('hides a field whose condition field is itself hidden', () => {
    expect(isCustomFieldShown(trimester, { pregnant: true, week: 20 }, all)).toBe(true)
    expect(isCustomFieldShown(trimester, { pregnant: false, week: 20 }, all)).toBe(false)
  })
})
