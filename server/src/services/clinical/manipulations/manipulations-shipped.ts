import type { ShippedEntry } from '../shipped-entries'

type Row = [key: string, code: string | null, uet: number | null, ru: string, en: string, uz: string]

/**
 * The manipulations every company starts with. Codes are those of the Russian nomenclature of
 * medical services (order 804н) where one names the manipulation itself; УЕТ (hundredths) only
 * where the usual regional tables agree. A company sets its own УЕТ on these (tariffs differ by
 * region); their names and codes are read-only.
 */
const rows: Row[] = [
  ['anaesthesia-topical', 'B01.003.004.004', 25, 'Аппликационная анестезия', 'Topical anaesthesia', 'Applikatsion anesteziya'],
  ['anaesthesia-infiltration', 'B01.003.004.005', 50, 'Инфильтрационная анестезия', 'Infiltration anaesthesia', 'Infiltratsion anesteziya'],
  ['anaesthesia-block', 'B01.003.004.002', 100, 'Проводниковая анестезия', 'Nerve block anaesthesia', "O'tkazuvchi anesteziya"],
  ['anaesthesia-intraligamentary', null, 50, 'Интралигаментарная анестезия', 'Intraligamentary anaesthesia', 'Intraligamentar anesteziya'],
  ['isolation-rubber-dam', null, null, 'Изоляция коффердамом', 'Rubber dam isolation', 'Koffer-dam bilan izolyatsiya'],
  ['isolation-cotton', null, null, 'Изоляция ватными валиками, слюноотсос', 'Cotton roll isolation and saliva ejector', "Paxta valiklari va so'lak so'rgich bilan izolyatsiya"],
  ['gingival-retraction', null, null, 'Ретракция десны', 'Gingival retraction', 'Milk retraksiyasi'],
  ['ept', 'A05.07.001', null, 'Электроодонтометрия', 'Electric pulp testing', 'Elektroodontometriya'],
  ['periapical-xray', 'A06.07.003', null, 'Прицельная внутриротовая контактная рентгенография', 'Periapical radiograph', 'Nishonli og\'iz ichi kontakt rentgenografiyasi'],
  ['filling', 'A16.07.002', null, 'Восстановление зуба пломбой', 'Restoring a tooth with a filling', 'Tishni plomba bilan tiklash'],
  ['temporary-filling', null, null, 'Наложение временной пломбы', 'Temporary filling', "Vaqtinchalik plomba qo'yish"],
  ['pulpotomy', 'A16.07.009', null, 'Пульпотомия (ампутация коронковой пульпы)', 'Pulpotomy', 'Pulpotomiya'],
  ['pulp-extirpation', 'A16.07.010', null, 'Экстирпация пульпы', 'Pulp extirpation', 'Pulpa ekstirpatsiyasi'],
  ['canal-preparation', 'A16.07.030', null, 'Инструментальная и медикаментозная обработка корневого канала', 'Root canal shaping and irrigation', 'Ildiz kanalini asbob va dori bilan ishlash'],
  ['canal-filling', 'A16.07.008', null, 'Пломбирование корневого канала зуба', 'Root canal filling', 'Ildiz kanalini plombalash'],
  ['fissure-sealing', 'A16.07.057', null, 'Запечатывание фиссуры зуба герметиком', 'Fissure sealing', 'Tish fissurasini germetik bilan yopish'],
  ['professional-hygiene', 'A16.07.051', null, 'Профессиональная гигиена полости рта и зубов', 'Professional oral hygiene', "Og'iz va tishlarning professional gigiyenasi"],
  ['extraction', 'A16.07.001', null, 'Удаление зуба', 'Tooth extraction', 'Tish sug\'urish'],
  ['impression', null, null, 'Снятие оттиска с одной челюсти', 'Impression of one jaw', "Bir jag'dan qolip olish"]
]

export const shippedManipulations: ShippedEntry[] = rows.map(([key, code, uet, ru, en, uz]) => ({ key, titles: { ru, en, uz }, extra: { code, uet } }))
