import type { ShippedEntry } from '../shipped-entries'
import type { ToothConditionCode } from './diagnose-objectively.shared'

type Row = [key: string, code: ToothConditionCode | null, icd: string | null, ru: string, en: string, uz: string]

/**
 * The tooth findings every company starts with: the usual wording of a Russian dental record
 * for each common state of a tooth, the chart code it sets and the ICD-10 code it suggests.
 * Only the codes whose meaning is certain are used (C, Pl, D, P, Pt, Cr, I, R, M).
 */
const rows: Row[] = [
  ['caries-enamel', 'C', 'K02.0', 'Меловидное пятно в пределах эмали, зондирование безболезненно', 'Chalky spot within the enamel, probing painless', "Emal doirasida bo'rsimon dog', zondlash og'riqsiz"],
  ['caries-dentine-medium', 'C', 'K02.1', 'Кариозная полость в пределах плащевого дентина, зондирование болезненно по эмалево-дентинной границе', 'Cavity within the mantle dentine, probing painful at the enamel–dentine junction', "Plash dentin doirasida kariyes bo'shlig'i, emal-dentin chegarasida zondlash og'riqli"],
  ['caries-dentine-deep', 'C', 'K02.1', 'Глубокая кариозная полость, зондирование болезненно по дну', 'Deep carious cavity, probing painful over the floor', "Chuqur kariyes bo'shlig'i, tubida zondlash og'riqli"],
  ['caries-cement', 'C', 'K02.2', 'Кариес цемента корня', 'Root cement caries', 'Ildiz sementi kariyesi'],
  ['caries-arrested', 'C', 'K02.3', 'Пигментированное пятно, зондирование безболезненно (приостановившийся кариес)', 'Pigmented spot, probing painless (arrested caries)', "Pigmentli dog', zondlash og'riqsiz (to'xtagan kariyes)"],
  ['secondary-caries', 'C', 'K02.1', 'Пломба с нарушенным краевым прилеганием, вторичный кариес', 'Filling with a leaking margin, secondary caries', 'Chetlari buzilgan plomba, ikkilamchi kariyes'],
  ['filling', 'Pl', null, 'Пломба, краевое прилегание сохранено', 'Filling with intact margins', 'Plomba, chetlari zich'],
  ['pulpitis-acute', 'P', 'K04.0', 'Полость сообщается с полостью зуба, зондирование резко болезненно в одной точке', 'Cavity reaches the pulp chamber, probing sharply painful at one point', "Bo'shliq tish bo'shlig'i bilan tutashgan, bir nuqtada zondlash keskin og'riqli"],
  ['pulpitis-chronic', 'P', 'K04.0', 'Вскрытая пульпа кровоточит при зондировании', 'Exposed pulp bleeds on probing', 'Ochilgan pulpa zondlashda qonaydi'],
  ['pulp-necrosis', 'P', 'K04.1', 'Зондирование и термопроба безболезненны, коронка изменена в цвете', 'Probing and thermal test painless, crown discoloured', "Zondlash va termik sinov og'riqsiz, toj rangi o'zgargan"],
  ['periodontitis-acute', 'Pt', 'K04.4', 'Перкуссия резко болезненна, зуб подвижен', 'Percussion sharply painful, tooth mobile', "Perkussiya keskin og'riqli, tish qimirlaydi"],
  ['periodontitis-chronic', 'Pt', 'K04.5', 'На рентгенограмме очаг разрежения у верхушки корня', 'Periapical radiolucency on the radiograph', "Rentgenogrammada ildiz uchida siyraklanish o'chog'i"],
  ['periapical-sinus', 'Pt', 'K04.6', 'Свищевой ход в проекции верхушки корня', 'Sinus tract over the root apex', "Ildiz uchi proyeksiyasida oqma yo'li"],
  ['root-filled', 'D', null, 'Зуб ранее лечен, корневые каналы запломбированы', 'Tooth treated before, root canals filled', 'Tish avval davolangan, ildiz kanallari plombalangan'],
  ['crown', 'Cr', null, 'Зуб покрыт искусственной коронкой', 'Tooth covered by an artificial crown', "Tish sun'iy toj bilan qoplangan"],
  ['implant', 'I', null, 'Имплантат', 'Implant', 'Implant'],
  ['root', 'R', 'K08.3', 'Корень зуба, коронковая часть разрушена', 'Retained root, crown destroyed', "Tish ildizi, toj qismi yemirilgan"],
  ['missing', 'M', 'K08.1', 'Зуб отсутствует', 'Tooth missing', "Tish yo'q"],
  ['wedge-defect', null, 'K03.1', 'Клиновидный дефект в пришеечной области', 'Wedge-shaped cervical defect', "Bo'yin sohasida ponasimon nuqson"],
  ['attrition', null, 'K03.0', 'Повышенная стираемость твёрдых тканей зуба', 'Excessive wear of the hard tissues', "Tish qattiq to'qimalarining ortiqcha yeyilishi"],
  ['fracture', null, 'S02.5', 'Скол коронки зуба', 'Fractured crown', 'Tish toji singan'],
  ['impacted', null, 'K01.1', 'Ретинированный зуб', 'Impacted tooth', 'Retinirlangan tish'],
  ['fluorosis', null, 'K00.3', 'Крапчатая эмаль (флюороз)', 'Mottled enamel (fluorosis)', "Dog'li emal (flyuoroz)"]
]

export const shippedToothFindings: ShippedEntry[] = rows.map(([key, conditionCode, icdCode, ru, en, uz]) => ({
  key,
  titles: { ru, en, uz },
  extra: { conditionCode, icdCode }
}))
