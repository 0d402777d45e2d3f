/**
 * Realistic customer names for the demo seed and the search benchmark: Uzbek names in Latin
 * and in Cyrillic, Russian names in Cyrillic, a few English ones; phones of Uzbekistan
 * (+998) and some of Russia (+7). Deterministic for a given random source.
 */

type Gender = 'male' | 'female'
interface NameSet {
  male: readonly string[]
  female: readonly string[]
  /** Male surnames; the female form adds 'a' (Karimov -> Karimova, Иванов -> Иванова). */
  surnames: readonly string[]
  /** Patronymics by gender, or none (English names). */
  patronymics?: Record<Gender, readonly string[]>
}

/** Patronymics from fathers' names whose forms follow the regular -ович/-овна pattern. */
const regular = (fathers: readonly string[], male: string, female: string) => ({
  male: fathers.map((father) => `${father}${male}`),
  female: fathers.map((father) => `${father}${female}`)
})

const uzbekLatin: NameSet = {
  male: ['Ali', 'Alisher', 'Aziz', 'Bahodir', 'Bekzod', 'Dilshod', 'Doniyor', 'Eldor', 'Farrux', 'Jasur', 'Javlon', 'Jamshid', 'Kamol', 'Laziz', 'Mansur', 'Nodir', 'Otabek', 'Rustam', 'Sardor', 'Sherzod', "Ulug'bek", 'Umid', 'Zafar', 'O‘tkir', 'G‘ayrat', 'Shoxrux', 'Islom', 'Abdulla'],
  female: ['Aziza', 'Dilnoza', 'Feruza', 'Gulnora', 'Kamola', 'Lola', 'Madina', 'Malika', 'Nigora', 'Nilufar', 'Nodira', 'Sevara', 'Shahnoza', 'Umida', 'Zarina', 'Mohira', 'Dildora', 'Gulchehra', 'Munisa', 'Zulfiya'],
  surnames: ['Karimov', 'Rahimov', 'Yusupov', 'Ergashev', 'Tursunov', 'Abdullayev', 'Aliyev', 'Usmonov', 'Xolmatov', 'Nazarov', 'Mirzayev', 'Saidov', 'Rashidov', 'Qodirov', 'Sobirov', 'Ismoilov', 'Jo‘rayev', 'To‘xtayev', 'Hasanov', 'Umarov', 'Salimov', 'Sharipov', 'Fayzullayev', 'Zokirov', 'Hamidov'],
  patronymics: regular(['Karim', 'Rustam', 'Bahodir', 'Anvar', 'Shavkat', 'Ulug‘bek', 'Akmal', 'Rashid', 'Sobir', 'Hamid'], 'ovich', 'ovna')
}

const uzbekCyrillic: NameSet = {
  male: ['Алишер', 'Азиз', 'Баходир', 'Бекзод', 'Дилшод', 'Жасур', 'Жамшид', 'Мансур', 'Отабек', 'Рустам', 'Сардор', 'Шерзод', 'Улуғбек', 'Ўткир', 'Фаррух'],
  female: ['Азиза', 'Дилноза', 'Феруза', 'Гулнора', 'Камола', 'Лола', 'Мадина', 'Малика', 'Нилуфар', 'Севара', 'Шаҳноза', 'Зарина', 'Муниса'],
  surnames: ['Каримов', 'Рахимов', 'Юсупов', 'Эргашев', 'Турсунов', 'Абдуллаев', 'Алиев', 'Усмонов', 'Назаров', 'Мирзаев', 'Саидов', 'Рашидов', 'Қодиров', 'Собиров', 'Исмоилов', 'Умаров', 'Ҳасанов'],
  patronymics: regular(['Карим', 'Рустам', 'Баходир', 'Анвар', 'Шавкат', 'Акмал', 'Рашид', 'Собир'], 'ович', 'овна')
}

const russian: NameSet = {
  male: ['Александр', 'Алексей', 'Андрей', 'Дмитрий', 'Сергей', 'Иван', 'Михаил', 'Николай', 'Павел', 'Артём', 'Фёдор', 'Егор', 'Олег', 'Владимир', 'Юрий', 'Максим', 'Кирилл'],
  female: ['Анна', 'Мария', 'Елена', 'Ольга', 'Татьяна', 'Наталья', 'Ирина', 'Светлана', 'Екатерина', 'Юлия', 'Алёна', 'Ксения', 'Дарья', 'Полина', 'Виктория'],
  surnames: ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Ковалёв'],
  patronymics: {
    male: ['Александрович', 'Сергеевич', 'Андреевич', 'Дмитриевич', 'Николаевич', 'Иванович', 'Михайлович', 'Павлович', 'Юрьевич', 'Алексеевич'],
    female: ['Александровна', 'Сергеевна', 'Андреевна', 'Дмитриевна', 'Николаевна', 'Ивановна', 'Михайловна', 'Павловна', 'Юрьевна', 'Алексеевна']
  }
}

const english: NameSet = {
  male: ['John', 'James', 'Oliver', 'William', 'David', 'Thomas', 'Michael', 'Daniel'],
  female: ['Mary', 'Emma', 'Sophia', 'Olivia', 'Emily', 'Charlotte', 'Grace'],
  surnames: ['Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Green']
}

/** Share of each set among customers of a Tashkent clinic (roughly). */
const SETS: Array<[NameSet, number]> = [
  [uzbekLatin, 0.45],
  [uzbekCyrillic, 0.2],
  [russian, 0.3],
  [english, 0.05]
]

const UZ_OPERATORS = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88', '71', '77']

export interface DemoPerson {
  first_name: string
  last_name: string
  middle_name: string
  gender: Gender
  phone: string
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]
const digits = (count: number, random: () => number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('')

function nameSet(random: () => number): NameSet {
  let roll = random()
  for (const [set, share] of SETS) {
    if (roll < share) return set
    roll -= share
  }
  return SETS[0][0]
}

/** A woman's form of a surname: Karimov -> Karimova, Иванов -> Иванова; Smith stays Smith. */
function feminine(surname: string): string {
  if (/(ov|ev)$/.test(surname)) return `${surname}a`
  if (/(ов|ев|ёв|ин)$/.test(surname)) return `${surname}а`
  return surname
}

/** One believable person. */
export function demoPerson(random: () => number): DemoPerson {
  const set = nameSet(random)
  const gender: Gender = random() < 0.5 ? 'male' : 'female'
  const surname = pick(set.surnames, random)
  const last_name = gender === 'female' ? feminine(surname) : surname
  const middle_name = set.patronymics && random() < 0.8 ? pick(set.patronymics[gender], random) : ''
  const phone = set === russian && random() < 0.3 ? `79${digits(9, random)}` : `998${pick(UZ_OPERATORS, random)}${digits(7, random)}`
  return { first_name: pick(gender === 'male' ? set.male : set.female, random), last_name, middle_name, gender, phone }
}

/** A small fast seeded random source (mulberry32), so runs are repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
