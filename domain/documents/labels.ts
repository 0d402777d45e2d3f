import type { ConditionCode } from '../clinical/conditions'
import type { DocumentLanguage } from './kinds'

/**
 * The words inside the fixed parts of the documents (column headers, section names of 043/у and
 * 037/у, totals), per language. They belong to the form, not to the clinic's editable texts, and
 * to the domain, not to the renderer's locale files: the server prints them.
 */
export interface DocumentLabels {
  copy: string
  page: string
  of: string
  no: string
  date: string
  patient: string
  doctor: string
  birthdate: string
  gender: string
  /** The patient's gender as the card prints it. */
  genders: Record<'male' | 'female', string>
  address: string
  phone: string
  profession: string
  passport: string
  cardNumber: string
  taxId: string
  licence: string
  service: string
  code: string
  teeth: string
  quantity: string
  price: string
  discount: string
  discountPercent: string
  amount: string
  total: string
  subtotal: string
  patientDiscount: string
  paid: string
  due: string
  inWords: string
  urgency: string
  alternative: string
  phaseTotal: string
  priceValidUntil: string
  consultationDate: string
  receipt: string
  cashier: string
  paymentMethod: string
  change: string
  thanks: string
  branch: string
  // 043/у
  form043Header: string
  form043Approved: string
  form043Title: string
  complaints: string
  anamnesis: string
  allergies: string
  externalExam: string
  dentalFormula: string
  formulaLegend: string
  formulaRight: string
  formulaLeft: string
  bite: string
  mucosa: string
  xrayFindings: string
  diagnoses: string
  icd10: string
  diagnosisTitle: string
  finalDiagnosis: string
  preliminaryDiagnosis: string
  treatmentPlan: string
  visits: string
  visitRecord: string
  findings: string
  diagnosis: string
  treatment: string
  // 037/у
  form037Header: string
  form037Approved: string
  form037Title: string
  time: string
  age: string
  visitKind: string
  firstVisit: string
  repeatVisit: string
  residence: string
  town: string
  village: string
  populationGroup: string
  anaesthesia: string
  sanitised: string
  sanitisedTotal: string
  sanitisedPlanned: string
  uet: string
  totalUet: string
  hoursWorked: string
  patientsSeen: string
  // consent and refusal
  procedureDescription: string
  procedureRisks: string
  procedureAlternatives: string
  // lab order
  lab: string
  work: string
  shade: string
  material: string
  dueDate: string
  notes: string
  /** The name of each tooth condition code, for the formula's legend. */
  conditions: Record<ConditionCode, string>
}

const ru: DocumentLabels = {
  copy: 'КОПИЯ',
  page: 'Страница',
  of: 'из',
  no: '№',
  date: 'Дата',
  patient: 'Пациент',
  doctor: 'Врач',
  birthdate: 'Дата рождения',
  gender: 'Пол',
  genders: { male: 'мужской', female: 'женский' },
  address: 'Адрес',
  phone: 'Телефон',
  profession: 'Профессия',
  passport: 'Документ, удостоверяющий личность',
  cardNumber: 'Номер карты',
  taxId: 'ИНН',
  licence: 'Лицензия',
  service: 'Услуга',
  code: 'Код',
  teeth: 'Зубы',
  quantity: 'Кол.',
  price: 'Цена',
  discount: 'Скидка',
  discountPercent: 'Скидка, %',
  amount: 'Сумма',
  total: 'Итого',
  subtotal: 'Сумма без скидки',
  patientDiscount: 'Скидка пациента',
  paid: 'Оплачено',
  due: 'К оплате',
  inWords: 'Сумма прописью',
  urgency: 'Срочность',
  alternative: 'Альтернатива',
  phaseTotal: 'Итого по этапу',
  priceValidUntil: 'Цены действительны до',
  consultationDate: 'Дата консультации',
  receipt: 'Квитанция',
  cashier: 'Кассир',
  paymentMethod: 'Способ оплаты',
  change: 'Сдача',
  thanks: 'Спасибо!',
  branch: 'Филиал',
  form043Header: 'Медицинская документация. Форма № 043/у',
  form043Approved: 'Утверждена Минздравом СССР 04.10.1980 № 1030',
  form043Title: 'Медицинская карта стоматологического больного',
  complaints: 'Жалобы',
  anamnesis: 'Перенесённые и сопутствующие заболевания, развитие настоящего заболевания',
  allergies: 'Аллергологический анамнез',
  externalExam: 'Данные объективного исследования, внешний осмотр',
  dentalFormula: 'Состояние зубов (зубная формула)',
  formulaLegend: 'Обозначения',
  formulaRight: 'справа',
  formulaLeft: 'слева',
  bite: 'Прикус',
  mucosa: 'Состояние слизистой оболочки полости рта, дёсен, альвеолярных отростков и нёба',
  xrayFindings: 'Данные рентгеновских и лабораторных исследований',
  diagnoses: 'Диагноз',
  icd10: 'МКБ-10',
  diagnosisTitle: 'Диагноз',
  finalDiagnosis: 'заключительный',
  preliminaryDiagnosis: 'предварительный',
  treatmentPlan: 'План лечения',
  visits: 'Дневник',
  visitRecord: 'Записи врача',
  findings: 'Объективно',
  diagnosis: 'Диагноз',
  treatment: 'Лечение',
  form037Header: 'Медицинская документация. Форма № 037/у-88',
  form037Approved: 'Утверждена приказом Минздрава СССР от 25.01.1988 № 50',
  form037Title: 'Листок ежедневного учёта работы врача-стоматолога',
  time: 'Время',
  age: 'Возраст',
  visitKind: 'Посещение',
  firstVisit: 'первичное',
  repeatVisit: 'повторное',
  residence: 'Житель',
  town: 'города',
  village: 'села',
  populationGroup: 'Группа населения',
  anaesthesia: 'Вид обезболивания',
  sanitised: 'Санирован',
  sanitisedTotal: 'всего',
  sanitisedPlanned: 'в плановом порядке',
  uet: 'УЕТ',
  totalUet: 'Итого УЕТ',
  hoursWorked: 'Отработано часов',
  patientsSeen: 'Принято пациентов',
  procedureDescription: 'Описание вмешательства',
  procedureRisks: 'Возможные риски и осложнения',
  procedureAlternatives: 'Альтернативные варианты',
  lab: 'Лаборатория',
  work: 'Вид работы',
  shade: 'Цвет',
  material: 'Материал',
  dueDate: 'Срок готовности',
  notes: 'Примечания',
  conditions: {
    C: 'кариес',
    Pl: 'пломба',
    P: 'пульпит',
    Pt: 'периодонтит',
    D: 'депульпирован',
    Cr: 'коронка',
    AT: 'искусственный зуб',
    I: 'имплантат',
    R: 'корень',
    M: 'отсутствует',
    DP: 'пародонтоз, пародонтит',
    TM: 'подвижность (I–III степень)'
  }
}

const uz: DocumentLabels = {
  copy: 'NUSXA',
  page: 'Sahifa',
  of: '/',
  no: '№',
  date: 'Sana',
  patient: 'Bemor',
  doctor: 'Shifokor',
  birthdate: 'Tugʻilgan sana',
  gender: 'Jinsi',
  genders: { male: 'erkak', female: 'ayol' },
  address: 'Manzil',
  phone: 'Telefon',
  profession: 'Kasbi',
  passport: 'Shaxsni tasdiqlovchi hujjat',
  cardNumber: 'Karta raqami',
  taxId: 'STIR',
  licence: 'Litsenziya',
  service: 'Xizmat',
  code: 'Kod',
  teeth: 'Tishlar',
  quantity: 'Soni',
  price: 'Narxi',
  discount: 'Chegirma',
  discountPercent: 'Chegirma, %',
  amount: 'Summa',
  total: 'Jami',
  subtotal: 'Chegirmasiz summa',
  patientDiscount: 'Bemor chegirmasi',
  paid: 'Toʻlangan',
  due: 'Toʻlanishi kerak',
  inWords: 'Summa soʻz bilan',
  urgency: 'Shoshilinchligi',
  alternative: 'Muqobil',
  phaseTotal: 'Bosqich boʻyicha jami',
  priceValidUntil: 'Narxlar amal qilish muddati',
  consultationDate: 'Maslahat sanasi',
  receipt: 'Kvitansiya',
  cashier: 'Kassir',
  paymentMethod: 'Toʻlov usuli',
  change: 'Qaytim',
  thanks: 'Rahmat!',
  branch: 'Filial',
  form043Header: 'Tibbiy hujjat. 043/u-shakl',
  form043Approved: 'SSSR Sogʻliqni saqlash vazirligining 04.10.1980 yildagi 1030-son buyrugʻi bilan tasdiqlangan',
  form043Title: 'Stomatologik bemorning tibbiy kartasi',
  complaints: 'Shikoyatlar',
  anamnesis: 'Oʻtkazilgan va yondosh kasalliklar, hozirgi kasallikning rivojlanishi',
  allergies: 'Allergologik anamnez',
  externalExam: 'Obyektiv tekshiruv maʼlumotlari, tashqi koʻrik',
  dentalFormula: 'Tishlar holati (tish formulasi)',
  formulaLegend: 'Belgilar',
  formulaRight: 'oʻngda',
  formulaLeft: 'chapda',
  bite: 'Tishlam (prikus)',
  mucosa: 'Ogʻiz boʻshligʻi shilliq qavati, milklar, alveolyar oʻsimtalar va tanglay holati',
  xrayFindings: 'Rentgen va laboratoriya tekshiruvlari maʼlumotlari',
  diagnoses: 'Tashxis',
  icd10: 'XKT-10',
  diagnosisTitle: 'Tashxis',
  finalDiagnosis: 'yakuniy',
  preliminaryDiagnosis: 'dastlabki',
  treatmentPlan: 'Davolash rejasi',
  visits: 'Kundalik',
  visitRecord: 'Shifokor yozuvlari',
  findings: 'Obyektiv',
  diagnosis: 'Tashxis',
  treatment: 'Davolash',
  form037Header: 'Tibbiy hujjat. 037/u-88-shakl',
  form037Approved: 'SSSR Sogʻliqni saqlash vazirligining 25.01.1988 yildagi 50-son buyrugʻi bilan tasdiqlangan',
  form037Title: 'Stomatolog shifokor ishining kundalik hisob varaqasi',
  time: 'Vaqt',
  age: 'Yoshi',
  visitKind: 'Tashrif',
  firstVisit: 'birlamchi',
  repeatVisit: 'takroriy',
  residence: 'Yashash joyi',
  town: 'shahar',
  village: 'qishloq',
  populationGroup: 'Aholi guruhi',
  anaesthesia: 'Ogʻriqsizlantirish turi',
  sanitised: 'Sanatsiya qilingan',
  sanitisedTotal: 'jami',
  sanitisedPlanned: 'rejali',
  uet: 'ShMB',
  totalUet: 'Jami ShMB (shartli mehnat birligi)',
  hoursWorked: 'Ishlangan soatlar',
  patientsSeen: 'Qabul qilingan bemorlar',
  procedureDescription: 'Aralashuv tavsifi',
  procedureRisks: 'Ehtimoliy xavf va asoratlar',
  procedureAlternatives: 'Muqobil variantlar',
  lab: 'Laboratoriya',
  work: 'Ish turi',
  shade: 'Rangi',
  material: 'Material',
  dueDate: 'Tayyor boʻlish muddati',
  notes: 'Izoh',
  conditions: {
    C: 'karies',
    Pl: 'plomba',
    P: 'pulpit',
    Pt: 'periodontit',
    D: 'depulpatsiya qilingan',
    Cr: 'toj (koronka)',
    AT: 'sunʼiy tish',
    I: 'implant',
    R: 'ildiz',
    M: 'tish yoʻq',
    DP: 'parodontoz, parodontit',
    TM: 'qimirlash (I–III daraja)'
  }
}

const en: DocumentLabels = {
  copy: 'COPY',
  page: 'Page',
  of: 'of',
  no: 'No.',
  date: 'Date',
  patient: 'Patient',
  doctor: 'Doctor',
  birthdate: 'Date of birth',
  gender: 'Gender',
  genders: { male: 'male', female: 'female' },
  address: 'Address',
  phone: 'Phone',
  profession: 'Occupation',
  passport: 'Identity document',
  cardNumber: 'Card number',
  taxId: 'Tax number',
  licence: 'Licence',
  service: 'Service',
  code: 'Code',
  teeth: 'Teeth',
  quantity: 'Qty',
  price: 'Price',
  discount: 'Discount',
  discountPercent: 'Discount, %',
  amount: 'Amount',
  total: 'Total',
  subtotal: 'Subtotal',
  patientDiscount: 'Patient discount',
  paid: 'Paid',
  due: 'Due',
  inWords: 'Amount in words',
  urgency: 'Urgency',
  alternative: 'Alternative',
  phaseTotal: 'Phase total',
  priceValidUntil: 'Prices valid until',
  consultationDate: 'Consultation date',
  receipt: 'Receipt',
  cashier: 'Cashier',
  paymentMethod: 'Payment method',
  change: 'Change',
  thanks: 'Thank you!',
  branch: 'Branch',
  form043Header: 'Medical records. Form 043/u',
  form043Approved: 'Approved by USSR Ministry of Health order No. 1030 of 04.10.1980',
  form043Title: 'Medical record of a dental patient',
  complaints: 'Complaints',
  anamnesis: 'Past and concomitant diseases, history of the present condition',
  allergies: 'Allergies',
  externalExam: 'Objective examination, external examination',
  dentalFormula: 'Teeth (dental formula)',
  formulaLegend: 'Legend',
  formulaRight: 'right',
  formulaLeft: 'left',
  bite: 'Bite',
  mucosa: 'Oral mucosa, gums, alveolar processes and palate',
  xrayFindings: 'X-ray and laboratory findings',
  diagnoses: 'Diagnosis',
  icd10: 'ICD-10',
  diagnosisTitle: 'Diagnosis',
  finalDiagnosis: 'final',
  preliminaryDiagnosis: 'preliminary',
  treatmentPlan: 'Treatment plan',
  visits: 'Visit notes',
  visitRecord: 'Record',
  findings: 'Findings',
  diagnosis: 'Diagnosis',
  treatment: 'Treatment',
  form037Header: 'Medical records. Form 037/u-88',
  form037Approved: 'Approved by USSR Ministry of Health order No. 50 of 25.01.1988',
  form037Title: "Dentist's daily log",
  time: 'Time',
  age: 'Age',
  visitKind: 'Visit',
  firstVisit: 'first',
  repeatVisit: 'repeat',
  residence: 'Resident of',
  town: 'town',
  village: 'village',
  populationGroup: 'Population group',
  anaesthesia: 'Anaesthesia',
  sanitised: 'Oral care completed',
  sanitisedTotal: 'total',
  sanitisedPlanned: 'planned',
  uet: 'UET',
  totalUet: 'Total labour units (UET)',
  hoursWorked: 'Hours worked',
  patientsSeen: 'Patients seen',
  procedureDescription: 'What the treatment involves',
  procedureRisks: 'Possible risks and complications',
  procedureAlternatives: 'Alternatives',
  lab: 'Laboratory',
  work: 'Work',
  shade: 'Shade',
  material: 'Material',
  dueDate: 'Due date',
  notes: 'Notes',
  conditions: {
    C: 'caries',
    Pl: 'filling',
    P: 'pulpitis',
    Pt: 'periodontitis',
    D: 'root canal treated',
    Cr: 'crown',
    AT: 'artificial tooth',
    I: 'implant',
    R: 'root',
    M: 'missing',
    DP: 'periodontal disease',
    TM: 'mobility (degree 1–3)'
  }
}

const fi: DocumentLabels = {
  copy: 'KOPIO',
  page: 'Sivu',
  of: '/',
  no: 'Nro',
  date: 'Päivämäärä',
  patient: 'Potilas',
  doctor: 'Hammaslääkäri',
  birthdate: 'Syntymäaika',
  gender: 'Sukupuoli',
  genders: { male: 'mies', female: 'nainen' },
  address: 'Osoite',
  phone: 'Puhelin',
  profession: 'Ammatti',
  passport: 'Henkilöllisyystodistus',
  cardNumber: 'Potilasnumero',
  taxId: 'Y-tunnus',
  licence: 'Toimilupa',
  service: 'Palvelu',
  code: 'Koodi',
  teeth: 'Hampaat',
  quantity: 'Kpl',
  price: 'Hinta',
  discount: 'Alennus',
  discountPercent: 'Alennus, %',
  amount: 'Summa',
  total: 'Yhteensä',
  subtotal: 'Välisumma',
  patientDiscount: 'Potilasalennus',
  paid: 'Maksettu',
  due: 'Maksettavaa',
  inWords: 'Summa kirjaimin',
  urgency: 'Kiire',
  alternative: 'Vaihtoehto',
  phaseTotal: 'Vaihe yhteensä',
  priceValidUntil: 'Hinnat voimassa',
  consultationDate: 'Konsultaatiopäivä',
  receipt: 'Kuitti',
  cashier: 'Kassanhoitaja',
  paymentMethod: 'Maksutapa',
  change: 'Vaihtoraha',
  thanks: 'Kiitos!',
  branch: 'Toimipiste',
  form043Header: 'Potilasasiakirja. Lomake 043/u',
  form043Approved: 'Vahvistettu Neuvostoliiton terveysministeriön määräyksellä nro 1030 (4.10.1980)',
  form043Title: 'Hammaspotilaan potilaskertomus',
  complaints: 'Potilaan vaivat',
  anamnesis: 'Aiemmat ja muut sairaudet, nykyisen vaivan kehitys',
  allergies: 'Allergiat',
  externalExam: 'Kliininen tutkimus, ulkoinen tarkastus',
  dentalFormula: 'Hampaiden tila (hammaskaavio)',
  formulaLegend: 'Merkinnät',
  formulaRight: 'oikea',
  formulaLeft: 'vasen',
  bite: 'Purenta',
  mucosa: 'Suun limakalvot, ikenet, alveoliharjanteet ja kitalaki',
  xrayFindings: 'Röntgen- ja laboratoriolöydökset',
  diagnoses: 'Diagnoosi',
  icd10: 'ICD-10',
  diagnosisTitle: 'Diagnoosi',
  finalDiagnosis: 'lopullinen',
  preliminaryDiagnosis: 'alustava',
  treatmentPlan: 'Hoitosuunnitelma',
  visits: 'Käyntimerkinnät',
  visitRecord: 'Merkintä',
  findings: 'Löydökset',
  diagnosis: 'Diagnoosi',
  treatment: 'Hoito',
  form037Header: 'Potilasasiakirja. Lomake 037/u-88',
  form037Approved: 'Vahvistettu Neuvostoliiton terveysministeriön määräyksellä nro 50 (25.1.1988)',
  form037Title: 'Hammaslääkärin päivittäinen työkirjanpito',
  time: 'Aika',
  age: 'Ikä',
  visitKind: 'Käynti',
  firstVisit: 'ensikäynti',
  repeatVisit: 'uusintakäynti',
  residence: 'Asuinpaikka',
  town: 'kaupunki',
  village: 'maaseutu',
  populationGroup: 'Väestöryhmä',
  anaesthesia: 'Puudutus',
  sanitised: 'Hoito valmis',
  sanitisedTotal: 'yhteensä',
  sanitisedPlanned: 'suunnitellusti',
  uet: 'UET',
  totalUet: 'Työyksiköt (UET) yhteensä',
  hoursWorked: 'Tehdyt tunnit',
  patientsSeen: 'Potilaita',
  procedureDescription: 'Toimenpiteen kuvaus',
  procedureRisks: 'Mahdolliset riskit ja komplikaatiot',
  procedureAlternatives: 'Vaihtoehdot',
  lab: 'Laboratorio',
  work: 'Työ',
  shade: 'Sävy',
  material: 'Materiaali',
  dueDate: 'Valmistuttava',
  notes: 'Huomautukset',
  conditions: {
    C: 'karies',
    Pl: 'täyte',
    P: 'pulpiitti',
    Pt: 'apikaalinen parodontiitti',
    D: 'juurihoidettu',
    Cr: 'kruunu',
    AT: 'keinohammas',
    I: 'implantti',
    R: 'juuri',
    M: 'puuttuu',
    DP: 'kiinnityskudossairaus',
    TM: 'liikkuvuus (aste 1–3)'
  }
}

export const documentLabels: Record<DocumentLanguage, DocumentLabels> = { ru, uz, en, fi }
