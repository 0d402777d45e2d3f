/**
 * "A treatment that requires consent cannot be marked done without a signed consent" (issue 17,
 * item 2; docs/decisions/documents-consent-required.md). Two switches decide it: the catalogue
 * service's `requiresConsent` (off by default: the clinic opts a service in) and the company's
 * `settings.treatmentNeedsSignedConsent`, on unless the company turned it off, so marking a
 * service is enough.
 */
export function signedConsentRequired(settings: { treatmentNeedsSignedConsent?: unknown } | null | undefined): boolean {
  return settings?.treatmentNeedsSignedConsent !== false
}

/** Whether marking this service done needs a signed consent of the patient. */
export function consentNeededFor(service: { requiresConsent?: boolean } | null | undefined, settings: { treatmentNeedsSignedConsent?: unknown } | null | undefined): boolean {
  return Boolean(service?.requiresConsent) && signedConsentRequired(settings)
}
