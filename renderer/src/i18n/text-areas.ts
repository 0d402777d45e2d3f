/**
 * The interface texts split by area, so a screen's texts load with the screen (bench/RESULTS.md,
 * "First screen"). The locale files stay whole; the build cuts each into its core (every screen
 * may use it) and its areas (web/text-areas-plugin.ts), and a route that shows an area's screens
 * loads that area's texts before it renders (renderer/src/app/router.tsx, `withTexts`).
 *
 * tests/renderer/text-areas.test.ts keeps this true: a file outside an area's folders may use only
 * core texts, and every key of a locale is in its core or one of its areas.
 */
export type TextTree = { [key: string]: string | TextTree }

export interface TextArea {
  /** Top-level namespaces of the locale files that belong to the area. */
  namespaces: readonly string[]
  /** The feature folders (under renderer/src/features) whose screens use the area's texts. */
  folders: readonly string[]
  /**
   * Loaded by the signed-in layout's route (router.tsx) for every screen behind it: any file may
   * use the area's texts except what the sign-in screens show (features/auth and what it imports),
   * which is held to the shared ones.
   */
  signedIn?: true
  /**
   * Keys (or whole subtrees) of the area's namespaces that other screens use too: they stay in
   * the core (the settings hub's entries, the patient card's tab, the medical-alert flag on the
   * calendar, the activity log's words for chart entries).
   */
  shared: readonly string[]
}

export const textAreas = {
  clinical: {
    namespaces: ['cdb', 'clinical', 'clinicalCodes', 'clinicalDictionaries', 'healthCard', 'icd', 'manipulations', 'odb', 'presets', 'treatment', 'treatmentDone', 'exam', 'perio', 'xrays', 'bundles', 'treatmentPlan', 'media'],
    folders: ['clinical', 'clinical-codes', 'clinical-dictionaries', 'health-card', 'treatment', 'treatment-done', 'exam', 'perio', 'xrays', 'bundles', 'treatment-plan', 'media'],
    shared: [
      'cdb.title', 'cdb.settingsText', 'icd.title', 'icd.settingsText', 'odb.title', 'odb.settingsText',
      'manipulations.title', 'manipulations.settingsText', 'presets.title', 'presets.settingsText',
      'treatment.title', 'treatmentPlan.title', 'healthCard.alert', 'healthCard.alertHint',
      'clinical.condition', 'clinical.status', 'clinical.action', 'clinical.code', 'clinical.numbering', 'perio.status', 'exam.statuses', 'treatmentPlan.status', 'xrays.title', 'xrays.types', 'xrays.unit',
      'bundles.title', 'bundles.settingsText', 'media.companyTitle', 'media.settingsText'
    ]
  },
  // The administrator's screens: the activity log, the roles with their permission matrix, the
  // custom fields, the catalogue of services, the chairs and the text templates.
  admin: {
    namespaces: ['activity', 'resources', 'roles', 'customFields', 'services', 'workPlaces', 'textTemplates'],
    folders: ['activity', 'roles', 'custom-fields', 'services', 'work-places', 'text-templates'],
    shared: [
      'activity.title', 'activity.settingsText', 'activity.gone', 'roles.default', 'customFields.title', 'customFields.settingsText',
      'services.title', 'services.settingsText', 'workPlaces.title', 'workPlaces.settingsText', 'workPlaces.kinds',
      // The text template picker of every long text field (components/TemplateTextArea.tsx) and the settings tile.
      'textTemplates.title', 'textTemplates.settingsText', 'textTemplates.insert', 'textTemplates.insertHint',
      'textTemplates.pickerSearch', 'textTemplates.pickerEmpty', 'textTemplates.pickerKeys'
    ]
  },
  // Issue 17's tasks: the list, the patient's tab, "My tasks" on the home screen, recalls and
  // reminders (each entry from another screen loads the area itself: useTextArea, loadTextArea).
  tasks: {
    namespaces: ['tasks'],
    folders: ['tasks'],
    // The settings hub's entry, the patient card's tab, the activity log's words for a task.
    shared: ['tasks.title', 'tasks.settingsText', 'tasks.kinds', 'tasks.statuses']
  },
  // Issue 17's documents: the print buttons of the patient card, plans, invoices and payments, and
  // the print templates' editor. Each button loads the area itself (features/documents/useTextsReady.ts).
  documents: {
    namespaces: ['documents'],
    folders: ['documents'],
    // The settings hub's entry.
    shared: ['documents.templates.title', 'documents.settingsText']
  },
  // Issue 18's messaging screens: notification settings, the template editor, the patient's messages.
  messaging: {
    namespaces: ['messaging'],
    folders: ['messaging'],
    // The tabs' names, on the company profile and the patient card.
    shared: ['messaging.tabs', 'messaging.channels', 'messaging.events', 'messaging.languages', 'messaging.dispatch.title', 'messaging.dispatch.settingsText']
  },
  // Issue 16's money screens: the expenses list (the settings hub names it; the activity log
  // names an expense's category) and the patient card's billing and transactions tabs.
  billing: {
    namespaces: ['expenses', 'billing', 'payouts', 'cashDesk', 'pos'],
    folders: ['expenses', 'billing', 'payouts', 'cash-desk', 'pos'],
    // The patient card names its billing and transactions tabs; the sidebar and the team list link
    // to the payouts screens; the settings hub names the cash desk and the payments list; the
    // activity log names a payment's method, status, kind and a cancellation's reason.
    shared: [
      'expenses.title', 'expenses.settingsText', 'expenses.categories', 'billing.tabs',
      'billing.methods', 'billing.statuses', 'billing.kinds', 'billing.reasons',
      'payouts.myEarnings', 'payouts.open', 'payouts.actions', 'payouts.methods',
      'cashDesk.title', 'cashDesk.settingsText', 'cashDesk.paymentsTitle', 'cashDesk.paymentsSettingsText'
    ]
  },
  // Issue 19's reports: the summary (the sidebar's entry, in the nav namespace, is the workspace's).
  reports: {
    namespaces: ['reports'],
    folders: ['reports'],
    shared: []
  },
  // The error messages of the services (domain/messages.ts), about 200 and growing with each
  // service: every signed-in screen may show any of them, so they load with the signed-in layout
  // (router.tsx), not with the sign-in screen, which keeps the ones sign-in, the welcome and the
  // password pages show, and those every failure falls back to (api/errors.ts, byHttpStatus).
  errors: {
    namespaces: ['errors'],
    folders: [],
    signedIn: true,
    shared: [
      'errors.invalid-login', 'errors.missing-credentials', 'errors.access-restricted', 'errors.account-expired',
      'errors.account-expiring', 'errors.current-password-incorrect', 'errors.passwords-do-not-match', 'errors.field-required',
      'errors.error-saving', 'errors.could-not-fetch', 'errors.something-went-wrong', 'errors.email-registered',
      'errors.invalid-email', 'errors.invalid-phone', 'errors.invalid-code', 'errors.invalid-password',
      'errors.too-many-attempts', 'errors.service-not-enabled', 'errors.invalid-link', 'errors.first-name-required',
      'errors.last-name-required', 'errors.company-name-required', 'errors.phone-required', 'errors.email-required',
      'errors.password-too-short', 'errors.password-needs-special', 'errors.password-needs-number', 'errors.password-same-as-previous',
      'errors.not-found', 'errors.forbidden', 'errors.not-authenticated', 'errors.invalid-request', 'errors.conflict'
    ]
  },
  // The signed-in screens' everyday words (the shell, the calendar, the patients, the team, the
  // settings): loaded with the signed-in layout like the errors, so the sign-in screen, the first
  // thing anyone downloads, carries only its own words and the few shared ones below.
  workspace: {
    namespaces: [
      'appointmentStatus', 'appointments', 'board', 'booking', 'branch', 'calendar', 'calendarSettings', 'company', 'customer',
      'customers', 'duplicates', 'errorReasons', 'fields', 'flags', 'home', 'merge', 'modules', 'nav', 'notes', 'patientSearch',
      'perioSettings', 'printers', 'schedule', 'security', 'sessions', 'settings', 'slots', 'sources', 'specialty',
      'staffNotifications', 'tags', 'team', 'technical', 'timeTemplates', 'trash', 'waitingList'
    ],
    folders: [],
    signedIn: true,
    // The sign-in, welcome and password screens' field names; the connection banner's and the
    // toasts' words, which the app's entry shows on any screen.
    shared: [
      'fields.email', 'fields.password', 'fields.newPassword', 'fields.passwordConfirmation', 'fields.companyName',
      'fields.firstName', 'fields.lastName', 'fields.phone',
      'technical.authTimeout', 'technical.logoutTimeout', 'technical.requestTimeout', 'technical.socketTimeout', 'technical.reconnecting',
      'printers.failures', 'errorReasons'
    ]
  },
  // Issue 20 item 3: the softphone (its dock loads it for those who set up a SIP account here).
  softphone: {
    namespaces: ['softphone'],
    folders: ['softphone'],
    // The account menu's entry.
    shared: ['softphone.title']
  },
  // Issue 20's telephony (features/calls): the screen pop, the patient's calls, click-to-call and
  // the OnlinePBX settings card; each loads the area itself (useTextArea, loadTextArea).
  calls: {
    namespaces: ['calls'],
    folders: ['calls'],
    // The settings hub's entry.
    shared: ['calls.settings.title', 'calls.settings.hubText']
  },
  // Issue 20 item 6: the desktop shell's update notice (only the shell shows it, and loads it).
  desktop: {
    namespaces: ['desktopUpdate'],
    folders: ['desktop-update'],
    shared: []
  },
  // Issue 20 item 2: the desktop shell's offline day, its banner and its conflict inbox (only the
  // shell loads them, in the background after sign-in: they must be there during an outage).
  offlineDay: {
    namespaces: ['offlineDay'],
    folders: ['offline-day'],
    shared: []
  },
  // Issue 19 item 3: the director's tiles on the home screen (loaded with them, by those who see them).
  directorHome: {
    namespaces: ['directorHome'],
    folders: ['director-home'],
    shared: []
  }
} as const satisfies Record<string, TextArea>

export type TextAreaName = keyof typeof textAreas
export const textAreaNames = Object.keys(textAreas) as TextAreaName[]

function subtree(tree: TextTree, path: readonly string[]): string | TextTree | undefined {
  let node: string | TextTree | undefined = tree
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined
  return node
}

function put(tree: TextTree, path: readonly string[], value: string | TextTree) {
  let node = tree
  for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as TextTree
  node[path[path.length - 1]] = value
}

function remove(tree: TextTree, path: readonly string[]) {
  const parent = subtree(tree, path.slice(0, -1))
  if (typeof parent === 'object') delete parent[path[path.length - 1]]
}

/** A locale's texts for the core (`'core'`) or one area: what the build puts in that chunk. */
export function textsOf(tree: TextTree, area: TextAreaName | 'core'): TextTree {
  const out: TextTree = {}
  if (area !== 'core') {
    for (const namespace of textAreas[area].namespaces) if (tree[namespace] !== undefined) out[namespace] = structuredClone(tree[namespace])
    // The shared keys are in the core, always loaded before any area: not downloaded twice.
    for (const key of textAreas[area].shared) remove(out, key.split('.'))
    return out
  }
  const inAreas = new Set<string>(textAreaNames.flatMap((name) => textAreas[name].namespaces))
  for (const [namespace, value] of Object.entries(tree)) if (!inAreas.has(namespace)) out[namespace] = value
  for (const name of textAreaNames) {
    for (const key of textAreas[name].shared) {
      const path = key.split('.')
      const value = subtree(tree, path)
      if (value !== undefined) put(out, path, value)
    }
  }
  return out
}
