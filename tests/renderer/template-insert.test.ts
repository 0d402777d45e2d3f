import { foldForSearch, insertSnippet, pickTemplates, typedTrigger, type PickableTemplate } from '../../renderer/src/components/template-insert'

describe('inserting a text template at the caret', () => {
  it('puts the snippet at the caret and the caret after it', () => {
    expect(insertSnippet('Pain. ', { start: 6, end: 6 }, 'Cold test positive.')).toEqual({ text: 'Pain. Cold test positive.', caret: 25 })
    expect(insertSnippet('', { start: 0, end: 0 }, 'Hello')).toEqual({ text: 'Hello', caret: 5 })
    expect(insertSnippet('AB', { start: 1, end: 1 }, '-')).toEqual({ text: 'A-B', caret: 2 })
  })

  it('replaces the selected text', () => {
    expect(insertSnippet('Tooth XX is fine', { start: 6, end: 8 }, '36')).toEqual({ text: 'Tooth 36 is fine', caret: 8 })
    // A backwards or out-of-range selection is clamped to the text.
    expect(insertSnippet('abc', { start: 10, end: 10 }, 'd')).toEqual({ text: 'abcd', caret: 4 })
    expect(insertSnippet('abc', { start: 2, end: 1 }, 'X')).toEqual({ text: 'aXbc', caret: 2 })
  })

  it('replaces the typed trigger only when asked and only when it is there', () => {
    expect(insertSnippet('Note: //', { start: 8, end: 8 }, 'Advice.', { trigger: true })).toEqual({ text: 'Note: Advice.', caret: 13 })
    expect(insertSnippet('//', { start: 2, end: 2 }, 'Advice.', { trigger: true })).toEqual({ text: 'Advice.', caret: 7 })
    expect(insertSnippet('Note: //', { start: 8, end: 8 }, 'Advice.')).toEqual({ text: 'Note: //Advice.', caret: 15 })
    expect(insertSnippet('Note: ', { start: 6, end: 6 }, 'Advice.', { trigger: true })).toEqual({ text: 'Note: Advice.', caret: 13 })
  })

  it('keeps the field within its maximum length by cutting the snippet, never the text around it', () => {
    expect(insertSnippet('abc|def', { start: 3, end: 4 }, '12345', { maxLength: 9 })).toEqual({ text: 'abc123def', caret: 6 })
    expect(insertSnippet('full', { start: 4, end: 4 }, 'more', { maxLength: 4 })).toEqual({ text: 'full', caret: 4 })
    expect(insertSnippet('x //', { start: 4, end: 4 }, 'abcdef', { trigger: true, maxLength: 5 })).toEqual({ text: 'x abc', caret: 5 })
  })

  it('keeps line breaks of a multi-line snippet', () => {
    expect(insertSnippet('A\n', { start: 2, end: 2 }, 'line 1\nline 2')).toEqual({ text: 'A\nline 1\nline 2', caret: 15 })
  })
})

describe('the // trigger', () => {
  it('opens at the start of the field, of a line or after a space', () => {
    expect(typedTrigger('//', 2)).toBe(true)
    expect(typedTrigger('Pain\n//', 7)).toBe(true)
    expect(typedTrigger('Pain //', 7)).toBe(true)
    expect(typedTrigger('Pain // more', 7)).toBe(true)
  })

  it('does not open inside an address, after a word or on a single slash', () => {
    expect(typedTrigger('https://', 8)).toBe(false)
    expect(typedTrigger('a//', 3)).toBe(false)
    expect(typedTrigger('Pain /', 6)).toBe(false)
    expect(typedTrigger('// text', 7)).toBe(false)
    expect(typedTrigger('', 0)).toBe(false)
  })
})

describe('the picker list', () => {
  const templates: PickableTemplate[] = [
    { _id: '1', title: 'Рекомендации после удаления', content: 'Не есть 2 часа. Холод на щеку.', offeredIn: 'any' },
    { _id: '2', title: 'Кариес дентина', content: 'Жалобы на боль от холодного.', offeredIn: 'exam' },
    { _id: '3', title: 'Напоминание о визите', content: 'Ждём вас завтра.', offeredIn: 'messages' },
    { _id: '4', title: 'Ёмкий осмотр', content: 'Без особенностей.', offeredIn: 'any' }
  ]
  const ids = (list: PickableTemplate[]) => list.map((template) => template._id)

  it('offers the templates for any field and those of the field\'s place, in title order', () => {
    // Ё sorts as Е.
    expect(ids(pickTemplates(templates, '', 'exam'))).toEqual(['4', '2', '1'])
    expect(ids(pickTemplates(templates, ''))).toEqual(['4', '1'])
    expect(ids(pickTemplates(templates, '', 'messages'))).toEqual(['4', '3', '1'])
  })

  it('matches every word in the title or the content, any case, ё as е, titles starting with the term first', () => {
    expect(ids(pickTemplates(templates, 'холод', 'exam'))).toEqual(['2', '1'])
    expect(ids(pickTemplates(templates, 'ЕМКИЙ'))).toEqual(['4'])
    expect(ids(pickTemplates(templates, 'удаления холод'))).toEqual(['1'])
    expect(ids(pickTemplates(templates, 'о', 'exam'))).toEqual(['4', '2', '1'])
    expect(ids(pickTemplates(templates, 'нет такого'))).toEqual([])
    const latin = [
      { _id: 'a', title: 'A note', content: 'see box', offeredIn: 'any' },
      { _id: 'b', title: 'Box advice', content: 'about', offeredIn: 'any' }
    ]
    expect(ids(pickTemplates(latin, 'bo'))).toEqual(['b', 'a'])
  })

  it('folds search text', () => {
    expect(foldForSearch('  Ёлка   И  ЛЕС ')).toBe('елка и лес')
  })
})
