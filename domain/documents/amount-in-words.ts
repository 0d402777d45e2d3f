import type { DocumentLanguage } from './kinds'

/**
 * Amounts in words, written by hand (no package writes Uzbek; PRODUCT-NOTES 9.2): the whole units
 * in words and the minor units in two digits, as accounting documents write them in the CIS
 * ("одна тысяча двести рублей 50 копеек", "bir million ikki yuz ming soʻm 00 tiyin"). Uzbek is the
 * Latin script with the ʻ of oʻ and gʻ as U+02BB. Up to 999 999 billion whole units.
 */

type Gender = 'masculine' | 'feminine'

/** A currency's unit names per language: [one, few, many] forms; few and many matter in Russian. */
interface UnitNames {
  gender: Gender
  forms: readonly [string, string, string]
}

interface CurrencyNames {
  major: UnitNames
  minor: UnitNames
}

const MAX_WHOLE = 999_999_999_999_999

const m = (one: string, few = one, many = few): UnitNames => ({ gender: 'masculine', forms: [one, few, many] })
const f = (one: string, few = one, many = few): UnitNames => ({ gender: 'feminine', forms: [one, few, many] })

/** Currency names per language; a currency not listed is written with its ISO code. */
const currencyNames: Record<DocumentLanguage, Record<string, CurrencyNames>> = {
  ru: {
    UZS: { major: m('сум', 'сума', 'сумов'), minor: m('тийин', 'тийина', 'тийинов') },
    RUB: { major: m('рубль', 'рубля', 'рублей'), minor: f('копейка', 'копейки', 'копеек') },
    EUR: { major: m('евро'), minor: m('цент', 'цента', 'центов') },
    USD: { major: m('доллар США', 'доллара США', 'долларов США'), minor: m('цент', 'цента', 'центов') }
  },
  uz: {
    UZS: { major: m('soʻm'), minor: m('tiyin') },
    RUB: { major: m('rubl'), minor: m('kopeyka') },
    EUR: { major: m('yevro'), minor: m('sent') },
    USD: { major: m('AQSh dollari'), minor: m('sent') }
  },
  // English: [one, other]; the third form repeats the second.
  en: {
    UZS: { major: m('sum', 'sum'), minor: m('tiyin', 'tiyin') },
    RUB: { major: m('rouble', 'roubles'), minor: m('kopeck', 'kopecks') },
    EUR: { major: m('euro', 'euros'), minor: m('cent', 'cents') },
    USD: { major: m('US dollar', 'US dollars'), minor: m('cent', 'cents') }
  },
  // Finnish: [nominative after 1, partitive after any other number].
  fi: {
    UZS: { major: m('som', 'somia'), minor: m('tiyin', 'tiyiniä') },
    RUB: { major: m('rupla', 'ruplaa'), minor: m('kopeekka', 'kopeekkaa') },
    EUR: { major: m('euro', 'euroa'), minor: m('sentti', 'senttiä') },
    USD: { major: m('Yhdysvaltain dollari', 'Yhdysvaltain dollaria'), minor: m('sentti', 'senttiä') }
  }
}

// ---- Russian ----------------------------------------------------------------------------------

const ruOnes = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять']
const ruOnesFeminine = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять']
const ruTeens = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать']
const ruTens = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто']
const ruHundreds = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот']
const ruScales: UnitNames[] = [
  f('тысяча', 'тысячи', 'тысяч'),
  m('миллион', 'миллиона', 'миллионов'),
  m('миллиард', 'миллиарда', 'миллиардов'),
  m('триллион', 'триллиона', 'триллионов')
]

/** Russian plural form index: 1, 21 → 0 (one); 2-4, 22 → 1 (few); 0, 5-20, 25 → 2 (many). */
export function russianPluralForm(n: number): 0 | 1 | 2 {
  const lastTwo = n % 100
  const last = n % 10
  if (lastTwo >= 11 && lastTwo <= 14) return 2
  if (last === 1) return 0
  if (last >= 2 && last <= 4) return 1
  return 2
}

function ruTriple(n: number, gender: Gender): string[] {
  const words = [ruHundreds[Math.floor(n / 100)]]
  const rest = n % 100
  if (rest >= 10 && rest < 20) words.push(ruTeens[rest - 10])
  else words.push(ruTens[Math.floor(rest / 10)], (gender === 'feminine' ? ruOnesFeminine : ruOnes)[rest % 10])
  return words.filter(Boolean)
}

function russianWords(n: number, gender: Gender): string {
  if (n === 0) return 'ноль'
  const words: string[] = []
  const groups = triples(n)
  groups.forEach((group, index) => {
    if (group === 0) return
    const scaleIndex = groups.length - 1 - index
    if (scaleIndex === 0) {
      words.push(...ruTriple(group, gender))
    } else {
      const scale = ruScales[scaleIndex - 1]
      words.push(...ruTriple(group, scale.gender), scale.forms[russianPluralForm(group)])
    }
  })
  return words.join(' ')
}

// ---- Uzbek (Latin) ----------------------------------------------------------------------------

const uzOnes = ['', 'bir', 'ikki', 'uch', 'toʻrt', 'besh', 'olti', 'yetti', 'sakkiz', 'toʻqqiz']
const uzTens = ['', 'oʻn', 'yigirma', 'oʻttiz', 'qirq', 'ellik', 'oltmish', 'yetmish', 'sakson', 'toʻqson']
const uzScales = ['ming', 'million', 'milliard', 'trillion']

function uzTriple(n: number): string[] {
  const hundreds = Math.floor(n / 100)
  const words = hundreds ? [uzOnes[hundreds], 'yuz'] : []
  words.push(uzTens[Math.floor((n % 100) / 10)], uzOnes[n % 10])
  return words.filter(Boolean)
}

function uzbekWords(n: number): string {
  if (n === 0) return 'nol'
  const words: string[] = []
  const groups = triples(n)
  groups.forEach((group, index) => {
    if (group === 0) return
    const scaleIndex = groups.length - 1 - index
    words.push(...uzTriple(group))
    if (scaleIndex > 0) words.push(uzScales[scaleIndex - 1])
  })
  return words.join(' ')
}

// ---- English ----------------------------------------------------------------------------------

const enOnes = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const enTeens = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const enTens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const enScales = ['thousand', 'million', 'billion', 'trillion']

function enTriple(n: number): string[] {
  const words: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds) words.push(enOnes[hundreds], 'hundred')
  if (rest >= 10 && rest < 20) words.push(enTeens[rest - 10])
  else if (rest >= 20) words.push(rest % 10 ? `${enTens[Math.floor(rest / 10)]}-${enOnes[rest % 10]}` : enTens[Math.floor(rest / 10)])
  else if (rest > 0) words.push(enOnes[rest])
  return words
}

function englishWords(n: number): string {
  if (n === 0) return 'zero'
  const words: string[] = []
  const groups = triples(n)
  groups.forEach((group, index) => {
    if (group === 0) return
    const scaleIndex = groups.length - 1 - index
    words.push(...enTriple(group))
    if (scaleIndex > 0) words.push(enScales[scaleIndex - 1])
  })
  return words.join(' ')
}

// ---- Finnish ----------------------------------------------------------------------------------

const fiOnes = ['', 'yksi', 'kaksi', 'kolme', 'neljä', 'viisi', 'kuusi', 'seitsemän', 'kahdeksan', 'yhdeksän']
/**
 * Finnish writes a number as one word; long ones may be split by thousands for reading
 * (Kielitoimisto), which also lets a narrow receipt wrap them: "kaksitoistatuhatta kolmesataa".
 */
const fiScales: [string, string][] = [
  ['miljoona', 'miljoonaa'],
  ['miljardi', 'miljardia'],
  ['biljoona', 'biljoonaa']
]

function fiBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  let word = hundreds === 0 ? '' : hundreds === 1 ? 'sata' : `${fiOnes[hundreds]}sataa`
  if (rest === 10) word += 'kymmenen'
  else if (rest > 10 && rest < 20) word += `${fiOnes[rest - 10]}toista`
  else {
    const tens = Math.floor(rest / 10)
    if (tens) word += `${fiOnes[tens]}kymmentä`
    word += fiOnes[rest % 10]
  }
  return word
}

function fiBelowMillion(n: number): string {
  const thousands = Math.floor(n / 1000)
  const thousandWord = thousands === 0 ? '' : thousands === 1 ? 'tuhat' : `${fiBelowThousand(thousands)}tuhatta`
  return [thousandWord, fiBelowThousand(n % 1000)].filter(Boolean).join(' ')
}

function finnishWords(n: number): string {
  if (n === 0) return 'nolla'
  const words: string[] = []
  const groups = triples(n)
  const scaleCount = groups.length - 2 // groups above the thousands
  for (let index = 0; index < scaleCount; index += 1) {
    const group = groups[index]
    if (group === 0) continue
    const [one, many] = fiScales[scaleCount - 1 - index]
    words.push(fiBelowThousand(group), group === 1 ? one : many)
  }
  const belowMillion = (groups.at(-2) ?? 0) * 1000 + (groups.at(-1) ?? 0)
  if (belowMillion) words.push(fiBelowMillion(belowMillion))
  return words.join(' ')
}

// ---- shared -----------------------------------------------------------------------------------

/** Groups of three digits, most significant first: 1234567 → [1, 234, 567]. */
function triples(n: number): number[] {
  const groups: number[] = []
  let rest = n
  do {
    groups.unshift(rest % 1000)
    rest = Math.floor(rest / 1000)
  } while (rest > 0)
  return groups
}

/** A whole number in words; `gender` is what it counts (Russian: одна копейка, один рубль). */
export function numberInWords(n: number, language: DocumentLanguage, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_WHOLE) throw new RangeError(`cannot write ${String(n)} in words`)
  switch (language) {
    case 'ru':
      return russianWords(n, gender)
    case 'uz':
      return uzbekWords(n)
    case 'en':
      return englishWords(n)
    case 'fi':
      return finnishWords(n)
  }
}

function unitName(names: UnitNames, n: number, language: DocumentLanguage): string {
  if (language === 'ru') return names.forms[russianPluralForm(n)]
  return n === 1 ? names.forms[0] : names.forms[1]
}

/**
 * An amount of minor units in words: the whole units in words, the minor units as two digits
 * (`amountInWords(120050, 'RUB', 'ru')` is "одна тысяча двести рублей 50 копеек"). A currency
 * without names here is written with its ISO code ("… GBP 50").
 */
export function amountInWords(minor: number, currency: string, language: DocumentLanguage): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('an amount in words is a non-negative integer of minor units')
  const whole = Math.floor(minor / 100)
  const cents = minor % 100
  const code = currency.toUpperCase() === 'SUM' ? 'UZS' : currency.toUpperCase()
  const names = currencyNames[language][code]
  const words = numberInWords(whole, language, names?.major.gender ?? 'masculine')
  const centsText = String(cents).padStart(2, '0')
  if (!names) return `${words} ${code} ${centsText}`
  const major = unitName(names.major, whole, language)
  const minorName = unitName(names.minor, cents, language)
  const joiner = language === 'en' ? ' and ' : ' '
  return `${words} ${major}${joiner}${centsText} ${minorName}`
}
