import i18next, { type TFunction } from 'i18next'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'
import uz from '../../renderer/src/i18n/locales/uz.json'
import fi from '../../renderer/src/i18n/locales/fi.json'
import { roleLabel, untouchedDefaultRole } from '../../renderer/src/features/roles/role-label'
import { trashText } from '../../renderer/src/features/trash/trash-item'
import { defaultRoleKeys, defaultRoleNames } from '../../domain/access/default-roles'

async function translator(language: string): Promise<TFunction> {
  const instance = i18next.createInstance()
  await instance.init({ lng: language, fallbackLng: 'ru', resources: { en: { translation: en }, ru: { translation: ru }, uz: { translation: uz }, fi: { translation: fi } }, interpolation: { escapeValue: false } })
  return instance.t
}

describe('roleLabel', () => {
  let t: TFunction
  beforeAll(async () => {
    t = await translator('ru')
  })

  it('shows a default role that keeps its default name in the interface language', () => {
    expect(roleLabel({ name: 'Administrator', key: 'administrator' }, t)).toBe('Администратор')
    expect(roleLabel({ name: 'Finance manager', key: 'finance' }, t)).toBe('Финансовый менеджер')
    expect(roleLabel({ name: 'Doctor', key: 'doctor' }, t)).toBe('Врач')
  })

  it('shows a renamed default role and a company role by their own names', () => {
    expect(roleLabel({ name: 'Главный врач', key: 'director' }, t)).toBe('Главный врач')
    expect(roleLabel({ name: 'Ассистент', key: null }, t)).toBe('Ассистент')
    // A company's own role that happens to be called like a default one is not a default role.
    expect(roleLabel({ name: 'Doctor', key: null }, t)).toBe('Doctor')
    // A key that is not a default role's is ignored.
    expect(roleLabel({ name: 'Doctor', key: 'surgeon' }, t)).toBe('Doctor')
    expect(untouchedDefaultRole({ name: 'Director', key: 'doctor' })).toBeUndefined()
  })

  it('goes by the default name where only the name is known (an older session, a trash entry)', () => {
    expect(roleLabel({ name: 'Director' }, t)).toBe('Директор')
    expect(roleLabel({ name: 'Ассистент' }, t)).toBe('Ассистент')
    expect(trashText({ service: 'roles', title: 'Doctor', recordId: 'r1' }, t)).toBe('Врач')
    expect(trashText({ service: 'tags', title: 'Doctor', recordId: 't1' }, t)).toBe('Doctor')
    // A record without a name says so instead of showing its id.
    expect(trashText({ service: 'notes', title: '', recordId: 'n1' }, t)).toBe(t('trash.untitled'))
    expect(trashText({ service: 'notes', title: '', recordId: 'n1' }, t)).not.toContain('n1')
  })

  it('shows a dash for no role', () => {
    expect(roleLabel(undefined, t)).toBe('—')
    expect(roleLabel(null, t)).toBe('—')
  })

  // Uzbek writes "Administrator" as English does; the other names differ in every language but English.
  const own: Record<string, typeof en> = { en, ru, ru1: ru, uz, fi }
  it.each(['en', 'ru', 'ru1', 'uz', 'fi'])('has every default role named in %s', async (language) => {
    const translate = await translator(language)
    for (const key of defaultRoleKeys) {
      const label = roleLabel({ name: defaultRoleNames[key], key }, translate)
      expect(label).toBe(own[language].roles.default[key])
      if (language !== 'en' && key !== 'administrator') expect(label).not.toBe(defaultRoleNames[key])
    }
  })
})
