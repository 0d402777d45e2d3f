import type { ShippedEntry, Titles } from '../shipped-entries'

/**
 * The objective findings every company starts with, in the order of a dental examination:
 * external examination, mucosa, gingiva, bite, hygiene, then the tests of a tooth (percussion,
 * palpation, probing, thermal test, electric pulp test) and mobility. Parts come before their
 * findings (the seeding writes them in this order).
 */
type Part = { key: string; titles: Titles; findings: Array<[key: string, ru: string, en: string, uz: string]> }

const parts: Part[] = [
  {
    key: 'external',
    titles: { ru: 'Внешний осмотр', en: 'External examination', uz: "Tashqi ko'rik" },
    findings: [
      ['face-unchanged', 'Конфигурация лица не изменена', 'Facial configuration unchanged', "Yuz konfiguratsiyasi o'zgarmagan"],
      ['face-asymmetry', 'Асимметрия лица за счёт отёка мягких тканей', 'Facial asymmetry from soft-tissue swelling', "Yumshoq to'qimalar shishi hisobiga yuz assimetriyasi"],
      ['lymph-normal', 'Регионарные лимфатические узлы не увеличены, безболезненны', 'Regional lymph nodes not enlarged, painless', "Regionar limfa tugunlari kattalashmagan, og'riqsiz"],
      ['lymph-enlarged', 'Поднижнечелюстные лимфатические узлы увеличены, болезненны', 'Submandibular lymph nodes enlarged, tender', "Jag' osti limfa tugunlari kattalashgan, og'riqli"],
      ['opening-free', 'Открывание рта свободное, в полном объёме', 'Mouth opens freely and fully', "Og'iz erkin va to'liq ochiladi"],
      ['opening-limited', 'Открывание рта ограничено', 'Mouth opening limited', "Og'iz ochilishi cheklangan"],
      ['tmj-normal', 'ВНЧС: движения плавные, щелчков и боли нет', 'TMJ: smooth movement, no clicking or pain', "Chakka-pastki jag' bo'g'imi: harakat silliq, shiqirlash va og'riq yo'q"]
    ]
  },
  {
    key: 'mucosa',
    titles: { ru: 'Слизистая оболочка полости рта', en: 'Oral mucosa', uz: "Og'iz bo'shlig'i shilliq qavati" },
    findings: [
      ['pale-pink', 'Слизистая бледно-розовая, влажная', 'Mucosa pale pink, moist', 'Shilliq qavat och pushti, nam'],
      ['hyperaemic', 'Слизистая гиперемирована, отёчна', 'Mucosa red and swollen', 'Shilliq qavat qizargan, shishgan'],
      ['pale', 'Слизистая бледная', 'Mucosa pale', 'Shilliq qavat oqargan'],
      ['dry', 'Слизистая сухая', 'Mucosa dry', 'Shilliq qavat quruq'],
      ['erosion', 'На слизистой эрозия', 'Erosion on the mucosa', 'Shilliq qavatda eroziya'],
      ['aphtha', 'Афта, покрытая фибринозным налётом', 'Aphtha with a fibrinous coating', 'Fibrinoz karash bilan qoplangan afta'],
      ['keratosis', 'Участок ороговения (лейкоплакия)', 'Keratinised patch (leukoplakia)', 'Shoxlangan soha (leykoplakiya)'],
      ['sinus-tract', 'Свищевой ход в проекции корня зуба', 'Sinus tract over a tooth root', "Tish ildizi proyeksiyasida oqma yo'li"]
    ]
  },
  {
    key: 'gingiva',
    titles: { ru: 'Десна', en: 'Gingiva', uz: 'Milk' },
    findings: [
      ['healthy', 'Десна бледно-розовая, плотно охватывает шейки зубов', 'Gingiva pale pink, firm around the tooth necks', "Milk och pushti, tish bo'yinlarini zich o'rab turadi"],
      ['inflamed', 'Десневой край гиперемирован, отёчен, кровоточит при зондировании', 'Gingival margin red, swollen, bleeds on probing', 'Milk cheti qizargan, shishgan, zondlashda qonaydi'],
      ['recession', 'Рецессия десны', 'Gingival recession', 'Milk retsessiyasi'],
      ['hypertrophy', 'Гипертрофия десневых сосочков', 'Enlarged gingival papillae', "Milk so'rg'ichlari gipertrofiyasi"]
    ]
  },
  {
    key: 'bite',
    titles: { ru: 'Прикус', en: 'Bite', uz: 'Tishlam' },
    findings: [
      ['orthognathic', 'Прикус ортогнатический', 'Orthognathic bite', 'Ortognatik tishlam'],
      ['edge-to-edge', 'Прикус прямой', 'Edge-to-edge bite', "To'g'ri tishlam"],
      ['deep', 'Прикус глубокий', 'Deep bite', 'Chuqur tishlam'],
      ['open', 'Прикус открытый', 'Open bite', 'Ochiq tishlam'],
      ['cross', 'Прикус перекрёстный', 'Crossbite', 'Kesishgan tishlam'],
      ['distal', 'Прикус дистальный', 'Distal bite', 'Distal tishlam'],
      ['mesial', 'Прикус мезиальный', 'Mesial bite', 'Mezial tishlam']
    ]
  },
  {
    key: 'hygiene',
    titles: { ru: 'Гигиена полости рта', en: 'Oral hygiene', uz: "Og'iz bo'shlig'i gigiyenasi" },
    findings: [
      ['good', 'Гигиена полости рта хорошая', 'Oral hygiene good', 'Og\'iz gigiyenasi yaxshi'],
      ['fair', 'Гигиена полости рта удовлетворительная', 'Oral hygiene fair', "Og'iz gigiyenasi qoniqarli"],
      ['poor', 'Гигиена полости рта неудовлетворительная', 'Oral hygiene poor', "Og'iz gigiyenasi qoniqarsiz"],
      ['plaque', 'Мягкий зубной налёт', 'Soft plaque', 'Yumshoq tish karashi'],
      ['calculus', 'Над- и поддесневой зубной камень', 'Supra- and subgingival calculus', 'Milk usti va milk osti tish toshi']
    ]
  },
  {
    key: 'percussion',
    titles: { ru: 'Перкуссия', en: 'Percussion', uz: 'Perkussiya' },
    findings: [
      ['painless', 'Перкуссия безболезненна', 'Percussion painless', "Perkussiya og'riqsiz"],
      ['vertical', 'Вертикальная перкуссия болезненна', 'Vertical percussion painful', "Vertikal perkussiya og'riqli"],
      ['horizontal', 'Горизонтальная перкуссия болезненна', 'Horizontal percussion painful', "Gorizontal perkussiya og'riqli"]
    ]
  },
  {
    key: 'palpation',
    titles: { ru: 'Пальпация', en: 'Palpation', uz: 'Paypaslash' },
    findings: [
      ['painless', 'Пальпация по переходной складке безболезненна', 'Palpation along the vestibular fold painless', "O'tuvchi burma bo'ylab paypaslash og'riqsiz"],
      ['painful', 'Пальпация по переходной складке болезненна', 'Palpation along the vestibular fold painful', "O'tuvchi burma bo'ylab paypaslash og'riqli"],
      ['infiltrate', 'Пальпируется инфильтрат по переходной складке', 'Infiltrate felt along the vestibular fold', "O'tuvchi burma bo'ylab infiltrat paypaslanadi"]
    ]
  },
  {
    key: 'probing',
    titles: { ru: 'Зондирование', en: 'Probing', uz: 'Zondlash' },
    findings: [
      ['painless', 'Зондирование безболезненно', 'Probing painless', "Zondlash og'riqsiz"],
      ['dej', 'Зондирование болезненно по эмалево-дентинной границе', 'Probing painful at the enamel–dentine junction', "Emal-dentin chegarasida zondlash og'riqli"],
      ['floor', 'Зондирование болезненно по дну полости', 'Probing painful over the cavity floor', "Bo'shliq tubida zondlash og'riqli"],
      ['one-point', 'Зондирование резко болезненно в одной точке', 'Probing sharply painful at one point', "Bir nuqtada zondlash keskin og'riqli"],
      ['pulp-open', 'Полость зуба вскрыта', 'Pulp chamber open', "Tish bo'shlig'i ochilgan"]
    ]
  },
  {
    key: 'thermal',
    titles: { ru: 'Термопроба', en: 'Thermal test', uz: 'Termik sinov' },
    findings: [
      ['none', 'Реакции на холод нет', 'No response to cold', "Sovuqqa reaksiya yo'q"],
      ['brief', 'Кратковременная боль от холода, проходит сразу', 'Brief pain on cold, stops at once', "Sovuqdan qisqa og'riq, darhol o'tadi"],
      ['lingering', 'Длительная боль от холода', 'Lingering pain on cold', "Sovuqdan uzoq davom etuvchi og'riq"],
      ['heat', 'Боль от горячего', 'Pain on heat', "Issiqdan og'riq"]
    ]
  },
  {
    key: 'ept',
    titles: { ru: 'ЭОД', en: 'Electric pulp test', uz: 'Elektroodontodiagnostika' },
    findings: [
      ['normal', 'ЭОД 2–6 мкА (норма)', 'EPT 2–6 µA (normal)', "EOD 2–6 mkA (me'yor)"],
      ['inflamed', 'ЭОД 7–60 мкА (воспаление пульпы)', 'EPT 7–60 µA (pulp inflammation)', "EOD 7–60 mkA (pulpa yallig'lanishi)"],
      ['necrotic', 'ЭОД 60–100 мкА (некроз пульпы)', 'EPT 60–100 µA (pulp necrosis)', 'EOD 60–100 mkA (pulpa nekrozi)'],
      ['periapical', 'ЭОД выше 100 мкА (поражение периодонта)', 'EPT above 100 µA (periapical involvement)', 'EOD 100 mkA dan yuqori (periodont shikastlanishi)']
    ]
  },
  {
    key: 'mobility',
    titles: { ru: 'Подвижность зубов', en: 'Tooth mobility', uz: 'Tishlar qimirlashi' },
    findings: [
      ['none', 'Патологической подвижности зубов нет', 'No pathological tooth mobility', "Tishlarda patologik qimirlash yo'q"],
      ['grade-1', 'Подвижность I степени', 'Mobility grade I', 'I darajali qimirlash'],
      ['grade-2', 'Подвижность II степени', 'Mobility grade II', 'II darajali qimirlash'],
      ['grade-3', 'Подвижность III степени', 'Mobility grade III', 'III darajali qimirlash']
    ]
  }
]

export const shippedOdb: ShippedEntry[] = [
  ...parts.map((part) => ({ key: part.key, titles: part.titles })),
  ...parts.flatMap((part) =>
    part.findings.map(([key, ru, en, uz]) => ({ key: `${part.key}.${key}`, parentKey: part.key, titles: { ru, en, uz } }))
  )
]
