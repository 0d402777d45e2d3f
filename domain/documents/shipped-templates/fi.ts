import type { DocumentKind } from '../kinds'
import type { DocumentTemplateTexts } from '../template'

/** The shipped Finnish texts: plain wording. */
export const fi: Record<DocumentKind, DocumentTemplateTexts> = {
  receipt: {
    title: 'Kuitti nro {{payment.number}}',
    intro: '',
    closing: 'Kiitos käynnistä! – {{company.name}}',
    signatures: ['Kassan allekirjoitus']
  },
  invoice: {
    title: 'Lasku nro {{invoice.number}}, {{invoice.date}}',
    intro: 'Maksaja: {{patient.fullName}}.',
    closing: 'Maksun voi suorittaa klinikan vastaanotossa käteisellä tai kortilla. Maksettavaa: {{invoice.due}}.',
    signatures: ['Vastaanotto']
  },
  act: {
    title: 'Selvitys annetuista palveluista nro {{invoice.number}}, {{invoice.date}}',
    intro: '{{company.legalName}} (palveluntuottaja) on antanut ja {{patient.fullName}} (asiakas) on vastaanottanut seuraavat maksulliset terveyspalvelut:',
    closing:
      'Palveluja yhteensä {{invoice.total}} ({{invoice.totalInWords}}).\n\nPalvelut on annettu kokonaan ja sovitussa ajassa. Asiakkaalla ei ole huomautettavaa palvelujen laajuudesta, laadusta tai ajankohdasta.',
    signatures: ['Palveluntuottaja: {{company.legalName}}', 'Asiakas: {{patient.fullName}}']
  },
  'treatment-plan': {
    title: 'Hoitosuunnitelma ja kustannusarvio',
    intro: 'Potilas: {{patient.fullName}}, syntynyt {{patient.birthdate}}.\n\nSuunnitelman on laatinut {{doctor.fullName}} {{plan.consultationDate}} pidetyn konsultaation perusteella.',
    closing:
      'Kustannusarvio on alustava: hinta voi muuttua, jos hoidon aikana tarvitaan lisätoimenpiteitä, ja hammaslääkäri kertoo niistä etukäteen. Hinnat ovat voimassa {{plan.priceValidUntil}} asti.\n\nOlen tutustunut hoitosuunnitelmaan ja sen hintaan, ja vaihtoehtoiset hoidot on selitetty minulle.',
    signatures: ['Hammaslääkäri: {{doctor.fullName}}', 'Potilas: {{patient.fullName}}']
  },
  consent: {
    title: 'Suostumus hoitoon',
    intro:
      'Minä, {{patient.fullName}} (syntynyt {{patient.birthdate}}, osoite {{patient.address}}), annan tietoon perustuvan vapaaehtoisen suostumukseni seuraavaan hoitoon klinikalla {{company.name}}: {{procedure.name}}.',
    closing:
      '{{doctor.fullName}} on selittänyt minulle ymmärrettävästi hoidon tarkoituksen ja menetelmän, sen riskit, vaihtoehdot ja niiden seuraukset, myös komplikaatioiden mahdollisuuden, sekä odotetun tuloksen.\n\nYmmärrän, että voin kieltäytyä hoidosta tai pyytää sen keskeyttämistä milloin tahansa.\n\nOlen kertonut hammaslääkärille kaiken tietämäni terveydentilastani, aiemmista sairauksistani, allergioistani ja käyttämistäni lääkkeistä. Kysymyksiini on vastattu.',
    signatures: ['Potilas (tai laillinen edustaja): {{patient.fullName}}', 'Hoitaja tai lääkäri: {{doctor.fullName}}']
  },
  refusal: {
    title: 'Hoidosta kieltäytyminen',
    intro: 'Minä, {{patient.fullName}} (syntynyt {{patient.birthdate}}, osoite {{patient.address}}), kieltäydyn seuraavasta minulle klinikalla {{company.name}} tarjotusta hoidosta: {{procedure.name}}.',
    closing:
      '{{doctor.fullName}} on selittänyt minulle ymmärrettävästi, mitä hoidosta kieltäytymisestä voi seurata, myös sen, että tilani voi pahentua tai johtaa komplikaatioihin.\n\nYmmärrän, että voin myöhemmin antaa suostumukseni tähän hoitoon, jos sitä tarvitaan.',
    signatures: ['Potilas (tai laillinen edustaja): {{patient.fullName}}', 'Hoitaja tai lääkäri: {{doctor.fullName}}']
  },
  contract: {
    title: 'Sopimus maksullisista hammashoitopalveluista nro {{invoice.number}}',
    intro:
      '{{branch.address}}, {{todayLong}}\n\n{{company.legalName}} (toimilupa {{company.licence}}), palveluntuottaja, ja {{patient.fullName}}, asiakas, sopivat seuraavasta.\n\n1. Palveluntuottaja antaa asiakkaalle alla olevassa kustannusarviossa luetellut maksulliset hammashoitopalvelut, ja asiakas maksaa ne.',
    closing:
      '2. Palvelujen hinta on {{total}} ({{totalInWords}}). Se maksetaan palveluntuottajan vastaanotossa palvelun antopäivänä, ellei toisin sovita.\n\n3. Palveluntuottaja antaa palvelut huolellisesti ja vasta asiakkaan tietoon perustuvan suostumuksen jälkeen. Hoidon aikana tarvittavat lisäpalvelut annetaan vain asiakkaan suostumuksella.\n\n4. Asiakas kertoo hammaslääkärille terveydentilastaan, noudattaa hoito-ohjeita ja saapuu sovittuihin aikoihin.\n\n5. Asiakas voi irtisanoa sopimuksen milloin tahansa maksamalla jo annetut palvelut. Osapuolet vastaavat sopimuksen laiminlyönnistä lain mukaan.\n\n6. Sopimus tulee voimaan allekirjoituksella ja on voimassa, kunnes molemmat osapuolet ovat täyttäneet velvoitteensa. Sopimus on tehty kahtena kappaleena, yksi kummallekin osapuolelle.',
    signatures: ['Palveluntuottaja: {{company.legalName}}, Y-tunnus {{company.taxId}}', 'Asiakas: {{patient.fullName}}']
  },
  'medical-card-043': {
    title: 'Hammaspotilaan potilaskertomus nro {{patient.cardNumber}}',
    intro: '',
    closing: '',
    signatures: ['Hammaslääkäri: {{doctor.fullName}}']
  },
  'daily-log-037': {
    title: 'Hammaslääkärin päivittäinen työkirjanpito',
    intro: 'Hammaslääkäri: {{dailyLog.doctorName}}. Päivä: {{dailyLog.date}}.',
    closing: '',
    signatures: ['Hammaslääkäri: {{dailyLog.doctorName}}']
  },
  'lab-order': {
    title: 'Hammaslaboratorion työtilaus',
    intro: 'Potilas: {{patient.fullName}}. Hammaslääkäri: {{doctor.fullName}}. Päivä: {{today}}.',
    closing: '',
    signatures: ['Hammaslääkäri: {{doctor.fullName}}', 'Vastaanottanut (hammasteknikko)']
  }
}
