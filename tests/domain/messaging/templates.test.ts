import { notificationEvents, renderTemplate, tidyMessage, shippedTemplates, templateLocaleOf, templateLocales, templateVariables, unknownVariables } from '../../../domain/messaging/templates'

describe('notification templates', () => {
  it('renders known variables, leaves unknown names as written and known ones without a value empty', () => {
    expect(renderTemplate('{{patient}}, {{ date }} {{time}} {{nope}} {{doctor}}.', { patient: 'Анна', date: '06.05.2031', time: '10:00' })).toBe('Анна, 06.05.2031 10:00 {{nope}} .')
    expect(unknownVariables('{{patient}} {{nope}} {{nope}} {{Date}}')).toEqual(['nope', 'Date'])
  })

  it('ships a subject and body for every event in ru, uz and en using only known variables', () => {
    for (const locale of templateLocales) {
      for (const event of notificationEvents) {
        const text = shippedTemplates[locale][event]
        expect(text.subject.length).toBeGreaterThan(0)
        expect(text.body.length).toBeGreaterThan(0)
        expect(unknownVariables(text.subject + text.body)).toEqual([])
      }
    }
    expect(templateVariables).toEqual(expect.arrayContaining(['patient', 'date', 'time', 'doctor', 'branch', 'address', 'phone']))
  })

  it('picks the patient language, then the clinic language, then Russian', () => {
    expect(templateLocaleOf('uz', 'ru')).toBe('uz')
    expect(templateLocaleOf('fi', 'en')).toBe('en')
    expect(templateLocaleOf('ru1', null)).toBe('ru')
    expect(templateLocaleOf('en-US')).toBe('en')
    expect(templateLocaleOf(null, undefined)).toBe('ru')
  })

  it('tidies the punctuation an empty variable leaves, not a link', () => {
    expect(tidyMessage('Чиланзар, . https://clinic.uz/v/a.b')).toBe('Чиланзар. https://clinic.uz/v/a.b')
    expect(tidyMessage('Анна,  вы записаны , ,')).toBe('Анна, вы записаны')
    expect(tidyMessage('Врач  Каримов .')).toBe('Врач Каримов.')
  })
})
