import type { Titles } from './titles'

/**
 * The complaints list (`cdb`) a new company starts with: what patients of a dental clinic say
 * most often, as a dentist picks them in an exam, each tied to the ICD-10 codes it usually goes
 * with (a category code covers its subcategories: see complaintMatchesIcd). Titles in Russian,
 * English, Uzbek (Latin) and Finnish are ours. `key` is a stable name for the entry, so its row
 * keeps its id across releases.
 */
export interface ShippedComplaint {
  key: string
  titles: Titles
  icdCodes: string[]
}

type Row = [key: string, icdCodes: string[], ru: string, en: string, uz: string, fi: string]

const rows: Row[] = [
  ['bite-pain', ['K04.4', 'K04.5'], 'Острая боль при накусывании', 'Sharp pain on biting', 'Tishlaganda o\'tkir og\'riq', 'Terävä kipu purressa'],
  ['cold-pain', ['K02', 'K04.0'], 'Боль от холодного', 'Pain from cold food and drinks', 'Sovuq narsadan og\'riq', 'Kipu kylmästä'],
  ['hot-pain', ['K04.0'], 'Боль от горячего', 'Pain from hot food and drinks', 'Issiq narsadan og\'riq', 'Kipu kuumasta'],
  ['sweet-pain', ['K02'], 'Боль от сладкого', 'Pain from sweet food', 'Shirinlikdan og\'riq', 'Kipu makeasta'],
  ['stimulus-pain', ['K02.1'], 'Боль проходит сразу после устранения раздражителя', 'Pain stops as soon as the stimulus is removed', 'Ta\'sirlovchi olib tashlangach og\'riq darhol o\'tadi', 'Kipu loppuu heti ärsykkeen poistuttua'],
  ['night-pain', ['K04.0'], 'Самопроизвольная ночная боль', 'Spontaneous pain at night', 'O\'z-o\'zidan boshlanadigan tungi og\'riq', 'Itsestään alkava yökipu'],
  ['radiating-pain', ['K04.0'], 'Пульсирующая боль, отдающая в ухо или висок', 'Throbbing pain radiating to the ear or temple', 'Quloq yoki chakkaga tarqaluvchi zirqirovchi og\'riq', 'Sykkivä kipu, joka säteilee korvaan tai ohimoon'],
  ['aching-pain', ['K04.5'], 'Постоянная ноющая боль', 'Constant aching pain', 'Doimiy simillovchi og\'riq', 'Jatkuva jomottava kipu'],
  ['long-tooth', ['K04.4'], 'Ощущение «выросшего» зуба', 'The tooth feels too high', 'Tish "o\'sib chiqqandek" tuyuladi', 'Hammas tuntuu liian korkealta'],
  ['cavity', ['K02.1'], 'Кариозная полость, застревает пища', 'A cavity where food gets stuck', 'Kariyes kovagi, ovqat tiqilib qoladi', 'Reikä, johon ruoka juuttuu'],
  ['lost-filling', [], 'Выпала пломба', 'A filling has fallen out', 'Plomba tushib qoldi', 'Paikka on irronnut'],
  ['chipped-tooth', ['S02.5'], 'Скол зуба', 'A chipped tooth', 'Tishning bir qismi sinib tushdi', 'Lohjennut hammas'],
  ['tooth-injury', ['S03.2', 'S02.5'], 'Травма зуба (удар, зуб расшатан или смещён)', 'An injured tooth (knocked, loosened or displaced)', 'Tish jarohati (zarba, tish qimirlaydi yoki siljigan)', 'Hammasvamma (isku, hammas heiluu tai on siirtynyt)'],
  ['discoloured-tooth', ['K03.7', 'K04.1'], 'Изменение цвета зуба', 'A discoloured tooth', 'Tish rangining o\'zgarishi', 'Hampaan värimuutos'],
  ['sensitive-necks', ['K03.8', 'K06.0'], 'Чувствительность шеек зубов', 'Sensitive tooth necks', 'Tish bo\'yinlarining sezuvchanligi', 'Hammaskaulojen vihlonta'],
  ['exposed-necks', ['K06.0'], 'Оголение шеек зубов', 'Exposed tooth necks', 'Tish bo\'yinlarining ochilib qolishi', 'Paljastuneet hammaskaulat'],
  ['worn-teeth', ['K03.0', 'K03.1'], 'Стираемость зубов', 'Worn-down teeth', 'Tishlarning yedirilishi', 'Kuluneet hampaat'],
  ['bleeding-gums', ['K05.1', 'K05.3'], 'Кровоточивость дёсен при чистке зубов', 'Gums bleed when brushing', 'Tish tozalaganda milk qonaydi', 'Ikenet vuotavat verta harjatessa'],
  ['swollen-gums', ['K05.0', 'K05.1'], 'Отёк и покраснение дёсен', 'Swollen, red gums', 'Milkning shishishi va qizarishi', 'Turvonneet, punoittavat ikenet'],
  ['bad-breath', ['K05'], 'Неприятный запах изо рта', 'Bad breath', 'Og\'izdan yoqimsiz hid', 'Pahanhajuinen hengitys'],
  ['loose-teeth', ['K05.3', 'K05.4'], 'Подвижность зубов', 'Loose teeth', 'Tishlarning qimirlashi', 'Heiluvat hampaat'],
  ['gum-fistula', ['K04.6'], 'Свищ на десне', 'A fistula (gumboil) on the gum', 'Milkda oqma yara', 'Fisteli ikenessä'],
  ['swollen-face', ['K04.7', 'K12.2'], 'Отёк щеки или лица', 'A swollen cheek or face', 'Lunj yoki yuzning shishishi', 'Turvonnut poski tai kasvot'],
  ['wisdom-tooth-pain', ['K01.1', 'K05.2'], 'Боль у прорезывающегося зуба мудрости', 'Pain around an erupting wisdom tooth', 'Chiqayotgan aql tishi atrofida og\'riq', 'Kipu puhkeavan viisaudenhampaan ympärillä'],
  ['extraction-pain', ['K10.3'], 'Боль после удаления зуба', 'Pain after a tooth extraction', 'Tish olingandan keyingi og\'riq', 'Kipu hampaanpoiston jälkeen'],
  ['mouth-opening', ['K07.6'], 'Затруднённое открывание рта', 'Difficulty opening the mouth', 'Og\'izni ochish qiyin', 'Suun avaaminen on vaikeaa'],
  ['jaw-clicking', ['K07.6'], 'Щелчки и боль в височно-нижнечелюстном суставе', 'Clicking and pain in the jaw joint', 'Chakka-pastki jag\' bo\'g\'imida shiqillash va og\'riq', 'Leukanivelen naksuminen ja kipu'],
  ['mouth-sores', ['K12.0', 'K12.1'], 'Язвочки на слизистой оболочке рта', 'Sores in the mouth', 'Og\'iz shilliq qavatida yarachalar', 'Haavaumat suun limakalvolla'],
  ['burning-tongue', ['K14.6', 'K14.0'], 'Жжение языка', 'A burning tongue', 'Tilning achishishi', 'Kielen kirvely'],
  ['dry-mouth', ['K11.7'], 'Сухость во рту', 'Dry mouth', 'Og\'iz qurishi', 'Suun kuivuus'],
  ['crooked-teeth', ['K07.3', 'K07.2'], 'Неправильное положение зубов', 'Crooked teeth', 'Tishlarning noto\'g\'ri joylashuvi', 'Vinot hampaat'],
  ['missing-teeth', ['K08.1', 'K00.0'], 'Отсутствие зубов, трудно жевать', 'Missing teeth, chewing is hard', 'Tishlar yo\'q, chaynash qiyin', 'Puuttuvia hampaita, pureskelu on vaikeaa'],
  ['appearance', [], 'Не устраивает внешний вид зубов', 'Unhappy with how the teeth look', 'Tishlarning ko\'rinishidan norozi', 'Tyytymätön hampaiden ulkonäköön'],
  ['check-up', [], 'Профилактический осмотр, жалоб нет', 'Check-up, no complaints', 'Profilaktik ko\'rik, shikoyat yo\'q', 'Tarkastus, ei vaivoja']
]

export const shippedComplaints: readonly ShippedComplaint[] = rows.map(([key, icdCodes, ru, en, uz, fi]) => ({ key, icdCodes, titles: { ru, en, uz, fi } }))

/**
 * The ICD codes a complaint filter by `code` matches: the code itself and its category (a
 * complaint tied to K02 belongs to every kind of caries), so /company/cdb/K02.1 lists both.
 */
export function icdFilterCodes(code: string): string[] {
  const category = code.split('.')[0]
  return category === code ? [code] : [code, category]
}

/** The hidden column that filters complaints by code: `|K02|K04.0|`, matched as `%|K02|%`. */
export function icdKeyOf(codes: readonly string[]): string {
  return codes.length ? `|${codes.join('|')}|` : ''
}
