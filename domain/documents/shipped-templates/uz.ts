import type { DocumentKind } from '../kinds'
import type { DocumentTemplateTexts } from '../template'

/** The shipped Uzbek texts, Latin script (oʻ gʻ with U+02BB, the tutuq belgisi ʼ with U+02BC). */
export const uz: Record<DocumentKind, DocumentTemplateTexts> = {
  receipt: {
    title: 'Kvitansiya № {{payment.number}}',
    intro: '',
    closing: '{{company.name}} klinikasini tanlaganingiz uchun rahmat!',
    signatures: ['Kassir imzosi']
  },
  invoice: {
    title: 'Hisob № {{invoice.number}}, {{invoice.date}}',
    intro: 'Toʻlovchi: {{patient.fullName}}.',
    closing: 'Toʻlov klinika kassasida naqd pul yoki bank kartasi orqali qabul qilinadi. Toʻlanishi kerak: {{invoice.due}}.',
    signatures: ['Administrator']
  },
  act: {
    title: 'Koʻrsatilgan tibbiy xizmatlar dalolatnomasi № {{invoice.number}}, {{invoice.date}}',
    intro:
      '{{company.legalName}} (keyingi oʻrinlarda «Ijrochi») quyidagi pullik tibbiy xizmatlarni koʻrsatdi, {{patient.fullName}} (keyingi oʻrinlarda «Buyurtmachi») esa ularni qabul qildi:',
    closing:
      'Jami {{invoice.total}} ({{invoice.totalInWords}}) miqdorida xizmat koʻrsatildi.\n\nXizmatlar toʻliq va oʻz vaqtida koʻrsatildi. Buyurtmachining xizmatlar hajmi, sifati va muddatlari boʻyicha eʼtirozlari yoʻq.',
    signatures: ['Ijrochi: {{company.legalName}}', 'Buyurtmachi: {{patient.fullName}}']
  },
  'treatment-plan': {
    title: 'Davolash rejasi va dastlabki smeta',
    intro:
      'Bemor: {{patient.fullName}}, tugʻilgan sanasi {{patient.birthdate}}.\n\nReja davolovchi shifokor {{doctor.fullName}} tomonidan {{plan.consultationDate}} sanadagi maslahat natijalari asosida tuzildi.',
    closing:
      'Smeta dastlabki: davolash jarayonida qoʻshimcha aralashuvlar zarur boʻlsa, davolash narxi oʻzgarishi mumkin; shifokor bu haqda bemorni oldindan ogohlantiradi. Narxlar {{plan.priceValidUntil}} sanasigacha amal qiladi.\n\nDavolash rejasi va uning narxi bilan tanishdim, muqobil davolash usullari menga tushuntirildi.',
    signatures: ['Davolovchi shifokor: {{doctor.fullName}}', 'Bemor: {{patient.fullName}}']
  },
  consent: {
    title: 'Tibbiy aralashuvga ongli ixtiyoriy rozilik',
    intro:
      'Men, {{patient.fullName}} (tugʻilgan sanasi {{patient.birthdate}}, manzili: {{patient.address}}), {{company.legalName}} tomonidan koʻrsatiladigan «{{procedure.name}}» tibbiy aralashuviga ongli ixtiyoriy roziligimni beraman.',
    closing:
      'Davolovchi shifokor {{doctor.fullName}} menga tushunarli shaklda tibbiy yordam koʻrsatishning maqsadlari va usullarini, ular bilan bogʻliq xavfni, tibbiy aralashuvning mumkin boʻlgan variantlarini, ularning oqibatlarini, shu jumladan asoratlar paydo boʻlish ehtimolini, shuningdek tibbiy yordamning kutilayotgan natijalarini tushuntirdi.\n\nMenga tibbiy aralashuvdan voz kechish yoki uni toʻxtatishni talab qilish huquqim borligi tushuntirildi.\n\nShifokorga sogʻligʻim, oʻtkazgan kasalliklarim, allergik reaksiyalarim va qabul qilayotgan dorilarim haqida bilgan barcha maʼlumotlarni aytdim. Barcha savollarimga tushunarli javob oldim.',
    signatures: ['Bemor (qonuniy vakil): {{patient.fullName}}', 'Tibbiyot xodimi: {{doctor.fullName}}']
  },
  refusal: {
    title: 'Tibbiy aralashuvdan voz kechish',
    intro:
      'Men, {{patient.fullName}} (tugʻilgan sanasi {{patient.birthdate}}, manzili: {{patient.address}}), {{company.legalName}} tomonidan menga tibbiy yordam koʻrsatilayotganda «{{procedure.name}}» tibbiy aralashuvidan voz kechaman.',
    closing:
      'Davolovchi shifokor {{doctor.fullName}} menga tushunarli shaklda ushbu tibbiy aralashuvdan voz kechishning mumkin boʻlgan oqibatlarini, shu jumladan kasallik (holat) asoratlari rivojlanishi ehtimolini tushuntirdi.\n\nMenga ushbu tibbiy aralashuv zarur boʻlib qolsa, unga ongli ixtiyoriy rozilik rasmiylashtirish huquqim borligi tushuntirildi.',
    signatures: ['Bemor (qonuniy vakil): {{patient.fullName}}', 'Tibbiyot xodimi: {{doctor.fullName}}']
  },
  contract: {
    title: 'Pullik tibbiy xizmatlar koʻrsatish shartnomasi № {{invoice.number}}',
    intro:
      '{{branch.address}}, {{todayLong}}\n\n{{company.legalName}} (litsenziya {{company.licence}}), keyingi oʻrinlarda «Ijrochi», va {{patient.fullName}}, keyingi oʻrinlarda «Buyurtmachi», quyidagilar haqida ushbu shartnomani tuzdilar.\n\n1. Ijrochi Buyurtmachiga quyidagi smetada keltirilgan pullik stomatologik xizmatlarni koʻrsatadi, Buyurtmachi esa ular uchun haq toʻlaydi.',
    closing:
      '2. Shartnoma boʻyicha xizmatlar narxi {{total}} ({{totalInWords}}). Toʻlov, agar tomonlar boshqacha kelishmagan boʻlsa, xizmat koʻrsatilgan kuni Ijrochi kassasida amalga oshiriladi.\n\n3. Ijrochi xizmatlarni sifatli, tibbiy yordam tartiblari va standartlariga muvofiq, Buyurtmachining ongli ixtiyoriy roziligini olgandan keyin koʻrsatadi. Davolash jarayonida qoʻshimcha xizmatlar zarur boʻlsa, Ijrochi bu haqda Buyurtmachini ogohlantiradi va ular faqat uning roziligi bilan koʻrsatiladi.\n\n4. Buyurtmachi shifokorga sogʻligʻi haqidagi maʼlumotlarni aytadi, shifokor tavsiyalarini bajaradi va qabulga belgilangan vaqtda keladi.\n\n5. Buyurtmachi Ijrochiga amalda qilingan xarajatlarni toʻlab, shartnomani bajarishdan voz kechishga haqli. Tomonlar shartnomani bajarmaganlik uchun qonunchilikka muvofiq javob beradilar.\n\n6. Shartnoma imzolangan kundan boshlab kuchga kiradi va majburiyatlar toʻliq bajarilgunga qadar amal qiladi. Har bir tomon uchun bittadan, ikki nusxada tuzildi.',
    signatures: ['Ijrochi: {{company.legalName}}, STIR {{company.taxId}}', 'Buyurtmachi: {{patient.fullName}}']
  },
  'medical-card-043': {
    title: 'Stomatologik bemorning tibbiy kartasi № {{patient.cardNumber}}',
    intro: '',
    closing: '',
    signatures: ['Davolovchi shifokor: {{doctor.fullName}}']
  },
  'daily-log-037': {
    title: 'Stomatolog shifokor ishining kundalik hisob varaqasi',
    intro: 'Shifokor: {{dailyLog.doctorName}}. Sana: {{dailyLog.date}}.',
    closing: '',
    signatures: ['Shifokor: {{dailyLog.doctorName}}']
  },
  'lab-order': {
    title: 'Tish texnik laboratoriyasiga buyurtma-naryad',
    intro: 'Bemor: {{patient.fullName}}. Shifokor: {{doctor.fullName}}. Sana: {{today}}.',
    closing: '',
    signatures: ['Shifokor: {{doctor.fullName}}', 'Buyurtmani qabul qildi (texnik)']
  }
}
