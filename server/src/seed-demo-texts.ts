/**
 * Every visible text the demo clinic seeds, in the languages a demo company may speak: Russian
 * (the default demo), Uzbek in Latin script, and English. Codes, brands (Air Flow, E.max,
 * Instagram) and people's names are not translated.
 */

export const demoLocales = ['ru', 'uz', 'en'] as const
export type DemoLocale = (typeof demoLocales)[number]

/** One text in every demo language. */
export type Words = Record<DemoLocale, string>

/**
 * The seed language for a company locale: ru1 is a Russian variant; Finnish has no demo texts
 * of its own and gets the English ones. An unknown locale is an error, not a quiet default.
 */
export function demoLocaleOf(locale: string): DemoLocale {
  if (locale === 'ru' || locale === 'ru1') return 'ru'
  if (locale === 'uz') return 'uz'
  if (locale === 'en' || locale === 'fi') return 'en'
  throw new Error(`no demo texts for the locale "${locale}"`)
}

export const DEMO_BRANCHES: Record<'main' | 'second', { name: Words; address: Words }> = {
  main: {
    name: { ru: 'Чиланзар', uz: 'Chilonzor', en: 'Chilonzor' },
    address: { ru: '', uz: '', en: '' }
  },
  second: {
    name: { ru: 'Юнусабад', uz: 'Yunusobod', en: 'Yunusobod' },
    address: { ru: 'ул. Амира Темура, 108', uz: 'Amir Temur ko‘chasi, 108', en: 'Amir Temur St. 108' }
  }
}

/** The doctors' specialties, by the key the demo plan uses. */
export const DEMO_SPECIALTIES: Record<'Therapist' | 'Orthodontist' | 'Surgeon' | 'Hygienist', Words> = {
  Therapist: { ru: 'Терапевт', uz: 'Terapevt', en: 'Therapist' },
  Orthodontist: { ru: 'Ортодонт', uz: 'Ortodont', en: 'Orthodontist' },
  Surgeon: { ru: 'Хирург', uz: 'Jarroh', en: 'Surgeon' },
  Hygienist: { ru: 'Гигиенист', uz: 'Gigiyenist', en: 'Hygienist' }
}

/** A chair's name by its number, and the X-ray room's. */
export const DEMO_PLACE_NAMES = {
  chair: (number: number): Words => ({ ru: `Кресло ${number}`, uz: `Kreslo ${number}`, en: `Chair ${number}` }),
  room: { ru: 'Рентген-кабинет', uz: 'Rentgen xonasi', en: 'X-ray room' } satisfies Words
}

export const DEMO_TIME_TEMPLATES: Record<'morning' | 'evening', Words> = {
  morning: { ru: 'Утренняя смена', uz: 'Ertalabki smena', en: 'Morning shift' },
  evening: { ru: 'Вечерняя смена', uz: 'Kechki smena', en: 'Evening shift' }
}

export const DEMO_TAGS: Array<{ names: Words; color: string }> = [
  { names: { ru: 'VIP', uz: 'VIP', en: 'VIP' }, color: '#faad14' },
  { names: { ru: 'Ортодонтия', uz: 'Ortodontiya', en: 'Orthodontics' }, color: '#1677ff' },
  { names: { ru: 'Страховка', uz: 'Sug‘urta', en: 'Insurance' }, color: '#52c41a' },
  { names: { ru: 'Ребёнок', uz: 'Bola', en: 'Child' }, color: '#eb2f96' },
  { names: { ru: 'Напомнить звонком', uz: 'Qo‘ng‘iroq qilib eslatish', en: 'Needs reminder call' }, color: '#fa541c' }
]

export const DEMO_SOURCES: Words[] = [
  { ru: 'Instagram', uz: 'Instagram', en: 'Instagram' },
  { ru: 'Telegram', uz: 'Telegram', en: 'Telegram' },
  { ru: 'По рекомендации', uz: 'Tavsiya bo‘yicha', en: 'Recommendation' },
  { ru: 'Google Maps', uz: 'Google Maps', en: 'Google Maps' },
  { ru: 'Пришёл сам', uz: 'O‘zi kelgan', en: 'Walk-in' },
  { ru: 'Билборд', uz: 'Bilbord', en: 'Billboard' }
]

const none: Words = { ru: '', uz: '', en: '' }
/** Professions, blanks included (most people leave it empty). The order matters: the seed picks by index. */
export const DEMO_PROFESSIONS: Words[] = [
  none, none, none,
  { ru: 'Учитель', uz: 'O‘qituvchi', en: 'Teacher' },
  { ru: 'Инженер', uz: 'Muhandis', en: 'Engineer' },
  { ru: 'Врач', uz: 'Shifokor', en: 'Doctor' },
  { ru: 'Студент', uz: 'Talaba', en: 'Student' },
  { ru: 'Водитель', uz: 'Haydovchi', en: 'Driver' },
  { ru: 'Бухгалтер', uz: 'Buxgalter', en: 'Accountant' },
  { ru: 'Программист', uz: 'Dasturchi', en: 'Programmer' },
  { ru: 'Продавец', uz: 'Sotuvchi', en: 'Shop assistant' },
  { ru: 'Пенсионер', uz: 'Nafaqaxo‘r', en: 'Retired' }
]

export const DEMO_CITY: Words = { ru: 'Ташкент', uz: 'Toshkent', en: 'Tashkent' }
export const DEMO_DISTRICTS: Words[] = [
  { ru: 'Чиланзар', uz: 'Chilonzor', en: 'Chilonzor' },
  { ru: 'Юнусабад', uz: 'Yunusobod', en: 'Yunusobod' },
  { ru: 'Мирзо-Улугбек', uz: 'Mirzo Ulug‘bek', en: 'Mirzo Ulugbek' },
  { ru: 'Сергели', uz: 'Sergeli', en: 'Sergeli' },
  { ru: 'Яккасарай', uz: 'Yakkasaroy', en: 'Yakkasaroy' }
]

/** Notes the front desk left on some appointments. */
export const DEMO_APPOINTMENT_NOTES: Words[] = [
  { ru: 'Первичный визит', uz: 'Birinchi tashrif', en: 'First visit' },
  { ru: 'Чувствительность к холодному', uz: 'Sovuqqa sezgir', en: 'Sensitive to cold' },
  { ru: 'Удобнее по утрам', uz: 'Ertalab qulayroq', en: 'Prefers mornings' },
  { ru: 'Взять с собой прошлый снимок', uz: 'Oldingi rentgen suratini olib kelsin', en: 'Bring the previous X-ray' },
  { ru: 'Аллергия на лидокаин', uz: 'Lidokainga allergiyasi bor', en: 'Allergic to lidocaine' },
  { ru: 'Контрольный осмотр после лечения', uz: 'Davolashdan keyingi nazorat ko‘rigi', en: 'Follow-up after treatment' }
]
export const DEMO_BOOKED_ONLINE: Words = { ru: 'Запись через сайт', uz: 'Sayt orqali yozilgan', en: 'Booked online' }

/** Notes on the waiting list's entries. */
export const DEMO_WAITING_NOTES = {
  toothache: { ru: 'Болит зуб, любое время пораньше', uz: 'Tishi og‘riyapti, istalgan ertaroq vaqt', en: 'Toothache, any earlier slot' },
  afterSchool: { ru: 'Только после школы', uz: 'Faqat maktabdan keyin', en: 'After school only' },
  morning: { ru: 'Хочет на утро', uz: 'Ertalabni xohlaydi', en: 'Wants the morning' }
} satisfies Record<string, Words>

/** The demo's treatment plans' titles, in turn. */
export const DEMO_PLAN_TITLES: Words[] = [
  { ru: 'Санация полости рта', uz: 'Og‘iz bo‘shlig‘ini sanatsiya qilish', en: 'Restoring the teeth' },
  { ru: 'Лечение кариеса', uz: 'Kariesni davolash', en: 'Caries treatment' },
  { ru: 'Протезирование', uz: 'Protezlash', en: 'Prosthetics' }
]

/** A plan's phase title: "Stage N". */
export function demoPhaseTitle(number: number, language: DemoLocale): string {
  return { ru: `Этап ${number}`, uz: `${number}-bosqich`, en: `Stage ${number}` }[language]
}
