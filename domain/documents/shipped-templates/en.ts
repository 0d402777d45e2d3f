import type { DocumentKind } from '../kinds'
import type { DocumentTemplateTexts } from '../template'

/** The shipped English texts: plain wording, no jurisdiction's legal formulas. */
export const en: Record<DocumentKind, DocumentTemplateTexts> = {
  receipt: {
    title: 'Receipt No. {{payment.number}}',
    intro: '',
    closing: 'Thank you for choosing {{company.name}}!',
    signatures: ["Cashier's signature"]
  },
  invoice: {
    title: 'Invoice No. {{invoice.number}} of {{invoice.date}}',
    intro: 'Bill to: {{patient.fullName}}.',
    closing: 'Payment is accepted at the clinic desk in cash or by card. Amount due: {{invoice.due}}.',
    signatures: ['Administrator']
  },
  act: {
    title: 'Statement of services rendered No. {{invoice.number}} of {{invoice.date}}',
    intro: '{{company.legalName}} (the Provider) has provided, and {{patient.fullName}} (the Client) has accepted, the following paid medical services:',
    closing:
      'Services provided in total: {{invoice.total}} ({{invoice.totalInWords}}).\n\nThe services have been provided in full and on time. The Client has no claims as to their scope, quality or timing.',
    signatures: ['Provider: {{company.legalName}}', 'Client: {{patient.fullName}}']
  },
  'treatment-plan': {
    title: 'Treatment plan and cost estimate',
    intro: 'Patient: {{patient.fullName}}, born {{patient.birthdate}}.\n\nThis plan was drawn up by {{doctor.fullName}} after the consultation of {{plan.consultationDate}}.',
    closing:
      'This estimate is preliminary: the cost may change if further treatment proves necessary, and the dentist will tell you before doing it. Prices are valid until {{plan.priceValidUntil}}.\n\nI have read the treatment plan and its cost, and the alternative options have been explained to me.',
    signatures: ['Dentist: {{doctor.fullName}}', 'Patient: {{patient.fullName}}']
  },
  consent: {
    title: 'Informed consent to treatment',
    intro:
      'I, {{patient.fullName}}, born {{patient.birthdate}}, of {{patient.address}}, give my informed and voluntary consent to the following treatment at {{company.name}}: {{procedure.name}}.',
    closing:
      '{{doctor.fullName}} has explained to me, in words I understand, the purpose and method of the treatment, its risks, the alternatives and their consequences, including the chance of complications, and the expected result.\n\nI understand that I may refuse the treatment or ask for it to be stopped at any time.\n\nI have told the dentist everything I know about my health, past illnesses, allergies and the medicines I take. My questions have been answered.',
    signatures: ['Patient (or legal representative): {{patient.fullName}}', 'Clinician: {{doctor.fullName}}']
  },
  refusal: {
    title: 'Refusal of treatment',
    intro: 'I, {{patient.fullName}}, born {{patient.birthdate}}, of {{patient.address}}, refuse the following treatment offered to me at {{company.name}}: {{procedure.name}}.',
    closing:
      '{{doctor.fullName}} has explained to me, in words I understand, the possible consequences of refusing this treatment, including the chance that my condition gets worse or leads to complications.\n\nI understand that I may give my consent to this treatment later if it becomes necessary.',
    signatures: ['Patient (or legal representative): {{patient.fullName}}', 'Clinician: {{doctor.fullName}}']
  },
  contract: {
    title: 'Contract for paid dental services No. {{invoice.number}}',
    intro:
      '{{branch.address}}, {{todayLong}}\n\n{{company.legalName}} (licence {{company.licence}}), the Provider, and {{patient.fullName}}, the Client, agree as follows.\n\n1. The Provider provides the Client with the paid dental services listed in the estimate below, and the Client pays for them.',
    closing:
      '2. The price of the services is {{total}} ({{totalInWords}}), paid at the Provider’s desk on the day the services are provided unless agreed otherwise.\n\n3. The Provider provides the services with due care and only after the Client’s informed consent. Any further services that prove necessary are provided only with the Client’s agreement.\n\n4. The Client tells the dentist about their health, follows the dentist’s advice and comes to appointments on time.\n\n5. The Client may end this contract at any time by paying for the services already provided. Each party is liable for failing to perform the contract as the law provides.\n\n6. The contract takes effect when signed and lasts until both parties have done what it requires. It is made in two copies, one for each party.',
    signatures: ['Provider: {{company.legalName}}, tax number {{company.taxId}}', 'Client: {{patient.fullName}}']
  },
  'medical-card-043': {
    title: 'Dental patient medical record No. {{patient.cardNumber}}',
    intro: '',
    closing: '',
    signatures: ['Dentist: {{doctor.fullName}}']
  },
  'daily-log-037': {
    title: "Dentist's daily log",
    intro: 'Dentist: {{dailyLog.doctorName}}. Date: {{dailyLog.date}}.',
    closing: '',
    signatures: ['Dentist: {{dailyLog.doctorName}}']
  },
  'lab-order': {
    title: 'Dental laboratory work order',
    intro: 'Patient: {{patient.fullName}}. Dentist: {{doctor.fullName}}. Date: {{today}}.',
    closing: '',
    signatures: ['Dentist: {{doctor.fullName}}', 'Received by (technician)']
  }
}
