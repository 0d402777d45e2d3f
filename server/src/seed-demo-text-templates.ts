import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { normalizeCatalogueText } from '../../domain/catalogue/search'
import type { DemoLocale, Words } from './seed-demo-texts'
import type { TextTemplatePlace } from './services/documents/text-templates/text-templates.shared'

interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

interface DemoTextTemplate {
  titles: Words
  contents: Words
  offeredIn: TextTemplatePlace
}

/** Wording a dental clinic writes again and again: advice, exam findings, a reminder, a note (issue 17). */
export const DEMO_TEXT_TEMPLATES: DemoTextTemplate[] = [
  {
    titles: { ru: 'Рекомендации после удаления зуба', uz: 'Tish olingandan keyingi tavsiyalar', en: 'Advice after an extraction' },
    contents: {
      ru: 'Не принимать пищу 2 часа. Не полоскать рот в день удаления. Холод к щеке по 15 минут в первые часы. Не греть, не посещать баню 3 дня. При сильной боли или кровотечении позвонить в клинику.',
      uz: '2 soat ovqat yemang. Tish olingan kuni og‘izni chaymang. Dastlabki soatlarda yuzga 15 daqiqadan sovuq qo‘ying. 3 kun davomida isitmang, hammomga bormang. Kuchli og‘riq yoki qon ketsa, klinikaga qo‘ng‘iroq qiling.',
      en: 'Do not eat for 2 hours. Do not rinse your mouth on the day of the extraction. Hold something cold to the cheek for 15 minutes at a time in the first hours. No heat or sauna for 3 days. If the pain is severe or the bleeding does not stop, call the clinic.'
    },
    offeredIn: 'any'
  },
  {
    titles: { ru: 'Рекомендации после гигиены', uz: 'Gigiyenadan keyingi tavsiyalar', en: 'Advice after hygiene' },
    contents: {
      ru: 'В течение 24 часов избегать окрашивающих продуктов (кофе, чай, красное вино). Чистить зубы 2 раза в день мягкой щёткой, пользоваться зубной нитью. Следующая гигиена через 6 месяцев.',
      uz: '24 soat davomida bo‘yovchi mahsulotlardan (qahva, choy, qizil sharob) saqlaning. Tishlarni kuniga 2 marta yumshoq cho‘tka bilan tozalang, tish ipidan foydalaning. Keyingi gigiyena 6 oydan keyin.',
      en: 'Avoid staining food and drinks (coffee, tea, red wine) for 24 hours. Brush twice a day with a soft brush and use floss. Next hygiene visit in 6 months.'
    },
    offeredIn: 'any'
  },
  {
    titles: { ru: 'Жалобы: острая боль', uz: 'Shikoyatlar: o‘tkir og‘riq', en: 'Complaints: acute pain' },
    contents: {
      ru: 'Жалобы на острую самопроизвольную боль, усиливающуюся от холодного и в ночное время, иррадиирующую по ходу ветвей тройничного нерва.',
      uz: 'Sovuqdan va tunda kuchayadigan, uch shoxli nerv tarmoqlari bo‘ylab tarqaladigan o‘tkir, o‘z-o‘zidan paydo bo‘ladigan og‘riqqa shikoyat qiladi.',
      en: 'Complains of acute spontaneous pain, worse with cold and at night, radiating along the branches of the trigeminal nerve.'
    },
    offeredIn: 'exam'
  },
  {
    titles: { ru: 'Объективно: кариес дентина', uz: 'Obyektiv: dentin kariyesi', en: 'Objectively: dentine caries' },
    contents: {
      ru: 'На жевательной поверхности кариозная полость средней глубины, заполненная размягчённым пигментированным дентином. Зондирование болезненно по эмалево-дентинной границе, перкуссия безболезненна.',
      uz: 'Chaynov yuzasida yumshagan pigmentli dentin bilan to‘lgan o‘rtacha chuqurlikdagi kariyes bo‘shlig‘i. Emal-dentin chegarasi bo‘ylab zondlash og‘riqli, perkussiya og‘riqsiz.',
      en: 'A medium-depth carious cavity on the occlusal surface, filled with softened pigmented dentine. Probing is painful along the enamel-dentine junction; percussion is painless.'
    },
    offeredIn: 'exam'
  },
  {
    titles: { ru: 'Напоминание о контрольном осмотре', uz: 'Nazorat ko‘rigi haqida eslatma', en: 'Check-up reminder' },
    contents: {
      ru: 'Здравствуйте! Напоминаем, что пора пройти контрольный осмотр. Запишитесь по телефону клиники или ответьте на это сообщение.',
      uz: 'Assalomu alaykum! Nazorat ko‘rigidan o‘tish vaqti kelganini eslatamiz. Klinika telefoni orqali yoki ushbu xabarga javob berib yoziling.',
      en: 'Hello! It is time for your check-up. Book by calling the clinic or reply to this message.'
    },
    offeredIn: 'messages'
  },
  {
    titles: { ru: 'Не пришёл на приём', uz: 'Qabulga kelmadi', en: 'Did not come' },
    contents: {
      ru: 'На приём не пришёл, на звонок не ответил. Отправлено сообщение с предложением перенести визит.',
      uz: 'Qabulga kelmadi, qo‘ng‘iroqqa javob bermadi. Tashrifni ko‘chirish taklifi bilan xabar yuborildi.',
      en: 'Did not come to the appointment and did not answer the call. A message was sent offering to reschedule.'
    },
    offeredIn: 'notes'
  }
]

/** The demo clinic's text templates in the company's language. */
export async function seedDemoTextTemplates(db: Knex, stamp: Stamp, locale: DemoLocale) {
  for (const template of DEMO_TEXT_TEMPLATES) {
    const title = template.titles[locale]
    await db('text_templates').insert({ _id: newId(), ...stamp, title, searchTitle: normalizeCatalogueText(title), content: template.contents[locale], offeredIn: template.offeredIn })
  }
}
