import type { Titles } from './titles'

/**
 * The ICD-10 codes a dental clinic uses, shipped with the product (issue 14, PRODUCT-NOTES ):
 * the block K00-K14 of chapter XI with every three-character category and its four-character
 * subcategories, and the two injury codes dentistry uses (S02.5 fracture of tooth, S03.2
 * dislocation of tooth) under their chapter, block and category. The set follows the Russian
 * МКБ-10 reference book (NSI OID 1.2.643.5.1.13.13.11.1005), whose Russian titles these are; it
 * leaves out the WHO's later additions the reference book does not carry (K02.5, K12.3). English
 * titles are the WHO's; Uzbek titles (Latin script) are ours; Finnish titles are written for the
 * chapters, blocks and categories, and subcategories fall back to English
 * (docs/decisions/clinical-codes.md). Codes are facts, so the data lives in the repository.
 */
export const ICD10 = 'ICD-10'

export type IcdKind = 'chapter' | 'block' | 'category' | 'subcategory'

export interface ShippedIcdCode {
  system: typeof ICD10
  code: string
  kind: IcdKind
  /** The parent's code (null for a chapter). */
  parentCode: string | null
  titles: Titles
}

type Row = [code: string, ru: string, en: string, uz: string, fi?: string]

/** Chapters and blocks, each block under its chapter. */
const chapters: Array<{ chapter: Row; blocks: Row[] }> = [
  {
    chapter: ['XI', 'Болезни органов пищеварения', 'Diseases of the digestive system', 'Ovqat hazm qilish a\'zolari kasalliklari', 'Ruoansulatuselinten sairaudet'],
    blocks: [['K00-K14', 'Болезни полости рта, слюнных желез и челюстей', 'Diseases of oral cavity, salivary glands and jaws', 'Og\'iz bo\'shlig\'i, so\'lak bezlari va jag\'lar kasalliklari', 'Suuontelon, sylkirauhasten ja leukojen sairaudet']]
  },
  {
    chapter: ['XIX', 'Травмы, отравления и некоторые другие последствия воздействия внешних причин', 'Injury, poisoning and certain other consequences of external causes', 'Shikastlanishlar, zaharlanishlar va tashqi sabablar ta\'sirining ayrim boshqa oqibatlari', 'Vammat, myrkytykset ja eräät muut ulkoisten syiden seuraukset'],
    blocks: [['S00-S09', 'Травмы головы', 'Injuries to the head', 'Bosh shikastlanishlari', 'Pään vammat']]
  }
]

/** Three-character categories, each with the subcategories dentistry uses. */
const categories: Array<{ category: Row; subcategories: Row[] }> = [
  {
    category: ['K00', 'Нарушения развития и прорезывания зубов', 'Disorders of tooth development and eruption', 'Tishlar rivojlanishi va chiqishining buzilishlari', 'Hampaiden kehitys- ja puhkeamishäiriöt'],
    subcategories: [
      ['K00.0', 'Адентия', 'Anodontia', 'Adentiya'],
      ['K00.1', 'Сверхкомплектные зубы', 'Supernumerary teeth', 'Ortiqcha (komplektdan tashqari) tishlar'],
      ['K00.2', 'Аномалии размеров и формы зубов', 'Abnormalities of size and form of teeth', 'Tishlar o\'lchami va shaklining anomaliyalari'],
      ['K00.3', 'Крапчатые зубы', 'Mottled teeth', 'Dog\'li tishlar'],
      ['K00.4', 'Нарушения формирования зубов', 'Disturbances in tooth formation', 'Tishlar shakllanishining buzilishlari'],
      ['K00.5', 'Наследственные нарушения структуры зуба, не классифицированные в других рубриках', 'Hereditary disturbances in tooth structure, not elsewhere classified', 'Tish tuzilishining boshqa rukniklarda tasniflanmagan irsiy buzilishlari'],
      ['K00.6', 'Нарушения прорезывания зубов', 'Disturbances in tooth eruption', 'Tishlar chiqishining buzilishlari'],
      ['K00.7', 'Синдром прорезывания зубов', 'Teething syndrome', 'Tish chiqarish sindromi'],
      ['K00.8', 'Другие нарушения развития зубов', 'Other disorders of tooth development', 'Tishlar rivojlanishining boshqa buzilishlari'],
      ['K00.9', 'Нарушение развития зубов неуточненное', 'Disorder of tooth development, unspecified', 'Tishlar rivojlanishining aniqlanmagan buzilishi']
    ]
  },
  {
    category: ['K01', 'Ретинированные и импактные зубы', 'Embedded and impacted teeth', 'Retinirlangan va impaktli tishlar', 'Puhkeamattomat ja juuttuneet hampaat'],
    subcategories: [
      ['K01.0', 'Ретинированные зубы', 'Embedded teeth', 'Retinirlangan tishlar'],
      ['K01.1', 'Импактные зубы', 'Impacted teeth', 'Impaktli tishlar']
    ]
  },
  {
    category: ['K02', 'Кариес зубов', 'Dental caries', 'Tish kariyesi', 'Hammaskaries'],
    subcategories: [
      ['K02.0', 'Кариес эмали', 'Caries limited to enamel', 'Emal kariyesi'],
      ['K02.1', 'Кариес дентина', 'Caries of dentine', 'Dentin kariyesi'],
      ['K02.2', 'Кариес цемента', 'Caries of cementum', 'Sement kariyesi'],
      ['K02.3', 'Приостановившийся кариес зубов', 'Arrested dental caries', 'To\'xtagan tish kariyesi'],
      ['K02.4', 'Одонтоклазия', 'Odontoclasia', 'Odontoklaziya'],
      ['K02.8', 'Другой кариес зубов', 'Other dental caries', 'Tishlarning boshqa kariyesi'],
      ['K02.9', 'Кариес зубов неуточненный', 'Dental caries, unspecified', 'Aniqlanmagan tish kariyesi']
    ]
  },
  {
    category: ['K03', 'Другие болезни твердых тканей зубов', 'Other diseases of hard tissues of teeth', 'Tish qattiq to\'qimalarining boshqa kasalliklari', 'Hampaiden kovakudosten muut sairaudet'],
    subcategories: [
      ['K03.0', 'Повышенное стирание зубов', 'Excessive attrition of teeth', 'Tishlarning haddan tashqari yedirilishi'],
      ['K03.1', 'Сошлифовывание зубов', 'Abrasion of teeth', 'Tishlarning abraziyasi (ishqalanib yeyilishi)'],
      ['K03.2', 'Эрозия зубов', 'Erosion of teeth', 'Tishlar eroziyasi'],
      ['K03.3', 'Патологическая резорбция зубов', 'Pathological resorption of teeth', 'Tishlarning patologik rezorbsiyasi'],
      ['K03.4', 'Гиперцементоз', 'Hypercementosis', 'Gipersementoz'],
      ['K03.5', 'Анкилоз зубов', 'Ankylosis of teeth', 'Tishlar ankilozi'],
      ['K03.6', 'Отложения [наросты] на зубах', 'Deposits [accretions] on teeth', 'Tishlardagi qatlamlar (karashlar)'],
      ['K03.7', 'Изменения цвета твердых тканей зубов после прорезывания', 'Posteruptive colour changes of dental hard tissues', 'Tish chiqqandan keyin qattiq to\'qimalar rangining o\'zgarishi'],
      ['K03.8', 'Другие уточненные болезни твердых тканей зубов', 'Other specified diseases of hard tissues of teeth', 'Tish qattiq to\'qimalarining boshqa aniqlangan kasalliklari'],
      ['K03.9', 'Болезнь твердых тканей зубов неуточненная', 'Disease of hard tissues of teeth, unspecified', 'Tish qattiq to\'qimalarining aniqlanmagan kasalligi']
    ]
  },
  {
    category: ['K04', 'Болезни пульпы и периапикальных тканей', 'Diseases of pulp and periapical tissues', 'Pulpa va periapikal to\'qimalar kasalliklari', 'Hammasytimen ja juurenkärkialueen sairaudet'],
    subcategories: [
      ['K04.0', 'Пульпит', 'Pulpitis', 'Pulpit'],
      ['K04.1', 'Некроз пульпы', 'Necrosis of pulp', 'Pulpa nekrozi'],
      ['K04.2', 'Дегенерация пульпы', 'Pulp degeneration', 'Pulpa degeneratsiyasi'],
      ['K04.3', 'Неправильное формирование твердой ткани в пульпе', 'Abnormal hard tissue formation in pulp', 'Pulpada qattiq to\'qimaning noto\'g\'ri hosil bo\'lishi'],
      ['K04.4', 'Острый апикальный периодонтит пульпарного происхождения', 'Acute apical periodontitis of pulpal origin', 'Pulpa kelib chiqishli o\'tkir apikal periodontit'],
      ['K04.5', 'Хронический апикальный периодонтит', 'Chronic apical periodontitis', 'Surunkali apikal periodontit'],
      ['K04.6', 'Периапикальный абсцесс со свищом', 'Periapical abscess with sinus', 'Oqma yarali periapikal abssess'],
      ['K04.7', 'Периапикальный абсцесс без свища', 'Periapical abscess without sinus', 'Oqma yarasiz periapikal abssess'],
      ['K04.8', 'Корневая киста', 'Radicular cyst', 'Ildiz kistasi'],
      ['K04.9', 'Другие и неуточненные болезни пульпы и периапикальных тканей', 'Other and unspecified diseases of pulp and periapical tissues', 'Pulpa va periapikal to\'qimalarning boshqa va aniqlanmagan kasalliklari']
    ]
  },
  {
    category: ['K05', 'Гингивит и болезни пародонта', 'Gingivitis and periodontal diseases', 'Gingivit va parodont kasalliklari', 'Ientulehdus ja hampaiden kiinnityskudosten sairaudet'],
    subcategories: [
      ['K05.0', 'Острый гингивит', 'Acute gingivitis', 'O\'tkir gingivit'],
      ['K05.1', 'Хронический гингивит', 'Chronic gingivitis', 'Surunkali gingivit'],
      ['K05.2', 'Острый пародонтит', 'Acute periodontitis', 'O\'tkir parodontit'],
      ['K05.3', 'Хронический пародонтит', 'Chronic periodontitis', 'Surunkali parodontit'],
      ['K05.4', 'Пародонтоз', 'Periodontosis', 'Parodontoz'],
      ['K05.5', 'Другие болезни пародонта', 'Other periodontal diseases', 'Parodontning boshqa kasalliklari'],
      ['K05.6', 'Болезнь пародонта неуточненная', 'Periodontal disease, unspecified', 'Parodontning aniqlanmagan kasalligi']
    ]
  },
  {
    category: ['K06', 'Другие изменения десны и беззубого альвеолярного края', 'Other disorders of gingiva and edentulous alveolar ridge', 'Milk va tishsiz alveolyar qirraning boshqa o\'zgarishlari', 'Ikenen ja hampaattoman alveoliharjanteen muut sairaudet'],
    subcategories: [
      ['K06.0', 'Рецессия десны', 'Gingival recession', 'Milk retsessiyasi'],
      ['K06.1', 'Гипертрофия десны', 'Gingival enlargement', 'Milk gipertrofiyasi'],
      ['K06.2', 'Поражения десны и беззубого альвеолярного края, обусловленные травмой', 'Gingival and edentulous alveolar ridge lesions associated with trauma', 'Milk va tishsiz alveolyar qirraning jarohat bilan bog\'liq shikastlanishlari'],
      ['K06.8', 'Другие уточненные изменения десны и беззубого альвеолярного края', 'Other specified disorders of gingiva and edentulous alveolar ridge', 'Milk va tishsiz alveolyar qirraning boshqa aniqlangan o\'zgarishlari'],
      ['K06.9', 'Изменение десны и беззубого альвеолярного края неуточненное', 'Disorder of gingiva and edentulous alveolar ridge, unspecified', 'Milk va tishsiz alveolyar qirraning aniqlanmagan o\'zgarishi']
    ]
  },
  {
    category: ['K07', 'Челюстно-лицевые аномалии [включая аномалии прикуса]', 'Dentofacial anomalies [including malocclusion]', 'Jag\'-yuz anomaliyalari [prikus anomaliyalari bilan birga]', 'Hammas- ja kasvojen kehityspoikkeamat (purentavirheet mukaan lukien)'],
    subcategories: [
      ['K07.0', 'Основные аномалии размеров челюстей', 'Major anomalies of jaw size', 'Jag\'lar o\'lchamining asosiy anomaliyalari'],
      ['K07.1', 'Аномалии челюстно-черепных соотношений', 'Anomalies of jaw-cranial base relationship', 'Jag\'-kalla nisbatlarining anomaliyalari'],
      ['K07.2', 'Аномалии соотношений зубных дуг', 'Anomalies of dental arch relationship', 'Tish yoylari nisbatlarining anomaliyalari'],
      ['K07.3', 'Аномалии положения зубов', 'Anomalies of tooth position', 'Tishlar joylashuvining anomaliyalari'],
      ['K07.4', 'Аномалия прикуса неуточненная', 'Malocclusion, unspecified', 'Aniqlanmagan prikus anomaliyasi'],
      ['K07.5', 'Челюстно-лицевые аномалии функционального происхождения', 'Dentofacial functional abnormalities', 'Funksional kelib chiqishli jag\'-yuz anomaliyalari'],
      ['K07.6', 'Болезни височно-нижнечелюстного сустава', 'Temporomandibular joint disorders', 'Chakka-pastki jag\' bo\'g\'imi kasalliklari'],
      ['K07.8', 'Другие челюстно-лицевые аномалии', 'Other dentofacial anomalies', 'Boshqa jag\'-yuz anomaliyalari'],
      ['K07.9', 'Челюстно-лицевая аномалия неуточненная', 'Dentofacial anomaly, unspecified', 'Aniqlanmagan jag\'-yuz anomaliyasi']
    ]
  },
  {
    category: ['K08', 'Другие изменения зубов и их опорного аппарата', 'Other disorders of teeth and supporting structures', 'Tishlar va ularning tayanch apparatining boshqa o\'zgarishlari', 'Hampaiden ja niiden tukikudosten muut sairaudet'],
    subcategories: [
      ['K08.0', 'Эксфолиация зубов вследствие системных нарушений', 'Exfoliation of teeth due to systemic causes', 'Tizimli buzilishlar sababli tishlarning tushishi (eksfoliatsiyasi)'],
      ['K08.1', 'Потеря зубов вследствие несчастного случая, удаления или локализованного пародонтита', 'Loss of teeth due to accident, extraction or local periodontal disease', 'Baxtsiz hodisa, olib tashlash yoki mahalliy parodontit sababli tishlarning yo\'qotilishi'],
      ['K08.2', 'Атрофия беззубого альвеолярного края', 'Atrophy of edentulous alveolar ridge', 'Tishsiz alveolyar qirra atrofiyasi'],
      ['K08.3', 'Оставшийся корень зуба', 'Retained dental root', 'Qolib ketgan tish ildizi'],
      ['K08.8', 'Другие уточненные изменения зубов и их опорного аппарата', 'Other specified disorders of teeth and supporting structures', 'Tishlar va tayanch apparatining boshqa aniqlangan o\'zgarishlari'],
      ['K08.9', 'Изменение зубов и их опорного аппарата неуточненное', 'Disorder of teeth and supporting structures, unspecified', 'Tishlar va tayanch apparatining aniqlanmagan o\'zgarishi']
    ]
  },
  {
    category: ['K09', 'Кисты области рта, не классифицированные в других рубриках', 'Cysts of oral region, not elsewhere classified', 'Og\'iz sohasining boshqa rukniklarda tasniflanmagan kistalari', 'Suun alueen kystat, muualla luokittamattomat'],
    subcategories: [
      ['K09.0', 'Кисты, образовавшиеся в процессе формирования зубов', 'Developmental odontogenic cysts', 'Tishlar shakllanishi jarayonida hosil bo\'lgan kistalar'],
      ['K09.1', 'Ростовые (неодонтогенные) кисты области рта', 'Developmental (nonodontogenic) cysts of oral region', 'Og\'iz sohasining rivojlanish (noodontogen) kistalari'],
      ['K09.2', 'Другие кисты челюстей', 'Other cysts of jaw', 'Jag\'larning boshqa kistalari'],
      ['K09.8', 'Другие кисты области рта, не классифицированные в других рубриках', 'Other cysts of oral region, not elsewhere classified', 'Og\'iz sohasining boshqa rukniklarda tasniflanmagan boshqa kistalari'],
      ['K09.9', 'Киста области рта неуточненная', 'Cyst of oral region, unspecified', 'Og\'iz sohasining aniqlanmagan kistasi']
    ]
  },
  {
    category: ['K10', 'Другие болезни челюстей', 'Other diseases of jaws', 'Jag\'larning boshqa kasalliklari', 'Leukojen muut sairaudet'],
    subcategories: [
      ['K10.0', 'Нарушения развития челюстей', 'Developmental disorders of jaws', 'Jag\'lar rivojlanishining buzilishlari'],
      ['K10.1', 'Гигантоклеточная гранулема центральная', 'Giant cell granuloma, central', 'Markaziy gigant hujayrali granulyoma'],
      ['K10.2', 'Воспалительные заболевания челюстей', 'Inflammatory conditions of jaws', 'Jag\'larning yallig\'lanish kasalliklari'],
      ['K10.3', 'Альвеолит челюстей', 'Alveolitis of jaws', 'Jag\'lar alveoliti'],
      ['K10.8', 'Другие уточненные болезни челюстей', 'Other specified diseases of jaws', 'Jag\'larning boshqa aniqlangan kasalliklari'],
      ['K10.9', 'Болезнь челюстей неуточненная', 'Disease of jaws, unspecified', 'Jag\'larning aniqlanmagan kasalligi']
    ]
  },
  {
    category: ['K11', 'Болезни слюнных желез', 'Diseases of salivary glands', 'So\'lak bezlari kasalliklari', 'Sylkirauhasten sairaudet'],
    subcategories: [
      ['K11.0', 'Атрофия слюнной железы', 'Atrophy of salivary gland', 'So\'lak bezi atrofiyasi'],
      ['K11.1', 'Гипертрофия слюнной железы', 'Hypertrophy of salivary gland', 'So\'lak bezi gipertrofiyasi'],
      ['K11.2', 'Сиаладенит', 'Sialoadenitis', 'Sialoadenit'],
      ['K11.3', 'Абсцесс слюнной железы', 'Abscess of salivary gland', 'So\'lak bezi abssessi'],
      ['K11.4', 'Свищ слюнной железы', 'Fistula of salivary gland', 'So\'lak bezi oqmasi'],
      ['K11.5', 'Сиалолитиаз', 'Sialolithiasis', 'Sialolitiaz'],
      ['K11.6', 'Мукоцеле слюнной железы', 'Mucocele of salivary gland', 'So\'lak bezi mukotselesi'],
      ['K11.7', 'Нарушения секреции слюнных желез', 'Disturbances of salivary secretion', 'So\'lak ajralishining buzilishlari'],
      ['K11.8', 'Другие болезни слюнных желез', 'Other diseases of salivary glands', 'So\'lak bezlarining boshqa kasalliklari'],
      ['K11.9', 'Болезнь слюнной железы неуточненная', 'Disease of salivary gland, unspecified', 'So\'lak bezining aniqlanmagan kasalligi']
    ]
  },
  {
    category: ['K12', 'Стоматит и родственные поражения', 'Stomatitis and related lesions', 'Stomatit va unga o\'xshash shikastlanishlar', 'Suutulehdus ja siihen liittyvät muutokset'],
    subcategories: [
      ['K12.0', 'Рецидивирующие афты полости рта', 'Recurrent oral aphthae', 'Og\'iz bo\'shlig\'ining qaytalanuvchi aftalari'],
      ['K12.1', 'Другие формы стоматита', 'Other forms of stomatitis', 'Stomatitning boshqa shakllari'],
      ['K12.2', 'Флегмона и абсцесс области рта', 'Cellulitis and abscess of mouth', 'Og\'iz sohasining flegmonasi va abssessi']
    ]
  },
  {
    category: ['K13', 'Другие болезни губ и слизистой оболочки полости рта', 'Other diseases of lip and oral mucosa', 'Lablar va og\'iz bo\'shlig\'i shilliq qavatining boshqa kasalliklari', 'Huulten ja suun limakalvon muut sairaudet'],
    subcategories: [
      ['K13.0', 'Болезни губ', 'Diseases of lips', 'Lab kasalliklari'],
      ['K13.1', 'Прикусывание щеки и губы', 'Cheek and lip biting', 'Lunj va labni tishlab olish'],
      ['K13.2', 'Лейкоплакия и другие изменения эпителия полости рта, включая язык', 'Leukoplakia and other disturbances of oral epithelium, including tongue', 'Leykoplakiya va og\'iz bo\'shlig\'i epiteliysining boshqa o\'zgarishlari, til bilan birga'],
      ['K13.3', 'Волосатая лейкоплакия', 'Hairy leukoplakia', 'Tukli leykoplakiya'],
      ['K13.4', 'Гранулема и гранулемоподобные поражения слизистой оболочки полости рта', 'Granuloma and granuloma-like lesions of oral mucosa', 'Og\'iz bo\'shlig\'i shilliq qavatining granulyomasi va granulyomasimon shikastlanishlari'],
      ['K13.5', 'Подслизистый фиброз полости рта', 'Oral submucous fibrosis', 'Og\'iz bo\'shlig\'ining shilliq osti fibrozi'],
      ['K13.6', 'Гиперплазия слизистой оболочки полости рта вследствие раздражения', 'Irritative hyperplasia of oral mucosa', 'Ta\'sirlanish sababli og\'iz bo\'shlig\'i shilliq qavatining giperplaziyasi'],
      ['K13.7', 'Другие и неуточненные поражения слизистой оболочки полости рта', 'Other and unspecified lesions of oral mucosa', 'Og\'iz bo\'shlig\'i shilliq qavatining boshqa va aniqlanmagan shikastlanishlari']
    ]
  },
  {
    category: ['K14', 'Болезни языка', 'Diseases of tongue', 'Til kasalliklari', 'Kielen sairaudet'],
    subcategories: [
      ['K14.0', 'Глоссит', 'Glossitis', 'Glossit'],
      ['K14.1', '«Географический» язык', 'Geographic tongue', '"Geografik" til'],
      ['K14.2', 'Срединный ромбовидный глоссит', 'Median rhomboid glossitis', 'O\'rta rombsimon glossit'],
      ['K14.3', 'Гипертрофия сосочков языка', 'Hypertrophy of tongue papillae', 'Til so\'rg\'ichlarining gipertrofiyasi'],
      ['K14.4', 'Атрофия сосочков языка', 'Atrophy of tongue papillae', 'Til so\'rg\'ichlarining atrofiyasi'],
      ['K14.5', 'Складчатый язык', 'Plicated tongue', 'Burmali til'],
      ['K14.6', 'Глоссодиния', 'Glossodynia', 'Glossodiniya'],
      ['K14.8', 'Другие болезни языка', 'Other diseases of tongue', 'Tilning boshqa kasalliklari'],
      ['K14.9', 'Болезнь языка неуточненная', 'Disease of tongue, unspecified', 'Tilning aniqlanmagan kasalligi']
    ]
  },
  {
    category: ['S02', 'Перелом черепа и лицевых костей', 'Fracture of skull and facial bones', 'Bosh suyagi va yuz suyaklarining sinishi', 'Kallon ja kasvojen luiden murtuma'],
    subcategories: [['S02.5', 'Перелом зуба', 'Fracture of tooth', 'Tishning sinishi', 'Hampaan murtuma']]
  },
  {
    category: ['S03', 'Вывих, растяжение и перенапряжение суставов и связок головы', 'Dislocation, sprain and strain of joints and ligaments of head', 'Bosh bo\'g\'imlari va boylamlarining chiqishi, cho\'zilishi va zo\'riqishi', 'Pään nivelten ja nivelsiteiden sijoiltaanmeno, nyrjähdys ja venähdys'],
    subcategories: [['S03.2', 'Вывих зуба', 'Dislocation of tooth', 'Tishning chiqishi (lyuksatsiyasi)', 'Hampaan sijoiltaanmeno']]
  }
]

const titlesOf = ([, ru, en, uz, fi]: Row): Titles => (fi ? { ru, en, uz, fi } : { ru, en, uz })

/** The block a category belongs to: the one whose range (same letter) holds its number. */
function blockOf(categoryCode: string, blocks: readonly string[]): string {
  const found = blocks.find((block) => {
    const [from, to] = block.split('-')
    return from[0] === categoryCode[0] && categoryCode >= from && categoryCode <= to
  })
  if (!found) throw new Error(`ICD-10 data: no block holds ${categoryCode}`)
  return found
}

function build(): ShippedIcdCode[] {
  const codes: ShippedIcdCode[] = []
  const blockCodes: string[] = []
  for (const { chapter, blocks } of chapters) {
    codes.push({ system: ICD10, code: chapter[0], kind: 'chapter', parentCode: null, titles: titlesOf(chapter) })
    for (const block of blocks) {
      codes.push({ system: ICD10, code: block[0], kind: 'block', parentCode: chapter[0], titles: titlesOf(block) })
      blockCodes.push(block[0])
    }
  }
  for (const { category, subcategories } of categories) {
    codes.push({ system: ICD10, code: category[0], kind: 'category', parentCode: blockOf(category[0], blockCodes), titles: titlesOf(category) })
    for (const sub of subcategories) codes.push({ system: ICD10, code: sub[0], kind: 'subcategory', parentCode: category[0], titles: titlesOf(sub) })
  }
  return codes
}

/** Every shipped code, parents before their children. */
export const shippedIcdCodes: readonly ShippedIcdCode[] = build()

/** The shapes of codes by kind (ICD-10: chapter in Roman numerals, block a range, X00, X00.0). */
export const icdCodePatterns: Record<IcdKind, RegExp> = {
  chapter: /^[IVXL]+$/,
  block: /^[A-Z]\d{2}-[A-Z]\d{2}$/,
  category: /^[A-Z]\d{2}$/,
  subcategory: /^[A-Z]\d{2}\.\d{1,2}$/
}

/** The kind of a code by its shape, or null for a shape ICD-10 does not have. */
export function icdKindOf(code: string): IcdKind | null {
  for (const kind of ['chapter', 'block', 'category', 'subcategory'] as const) if (icdCodePatterns[kind].test(code)) return kind
  return null
}
