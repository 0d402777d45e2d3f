/**
 * The user-visible messages of spec section 8 (and the validation messages of section 5),
 * keyed by a stable code. The server puts the English text in `error.message` and the code in
 * `error.data.code`; the renderer translates by code (`errors.<code>` in every locale).
 */
export const messages = {
  'invalid-login': 'Invalid login',
  'missing-credentials': 'Missing credentials',
  'access-restricted': 'Your access has been restricted, contact your administrator',
  'account-expired': 'Your account has expired, contact support',
  'account-expiring': 'Your account expires on {{date}}',
  'current-password-incorrect': 'Current password is incorrect',
  'passwords-do-not-match': 'Passwords do not match',
  'field-required': 'This field is required',
  'error-saving': 'Error while saving',
  'could-not-fetch': 'Could not fetch data',
  'something-went-wrong': 'Oops.. Something Went Wrong..',
  'email-registered': 'Email is already registered',
  'invalid-email': 'Invalid email',
  'invalid-phone': 'Invalid phone number',
  'invalid-code': 'Invalid code',
  'invalid-password': 'Invalid password',
  'too-many-attempts': 'Too many attempts, try again later',
  'service-not-enabled': 'The service is not enabled',
  'invalid-link': 'Invalid link',
  'first-name-required': 'First name is required',
  'last-name-required': 'Last name is required',
  'company-name-required': 'Company name is required',
  'phone-required': 'Phone is required',
  'email-required': 'Email is required',
  'password-too-short': 'Password must be at least 8 characters',
  'password-needs-special': 'Password must contain a special character',
  'password-needs-number': 'Password must contain a number',
  'password-same-as-previous': 'New password must differ from the previous one',
  'not-found': 'Not found',
  'forbidden': 'You do not have permission to do this',
  'not-authenticated': 'Please sign in',
  'invalid-request': 'The request is not valid',
  'conflict': 'This record already exists',
  'last-branch': 'A company needs at least one branch',
  'role-in-use': 'This role is assigned to team members',
  'cannot-disable-self': 'You cannot restrict your own access'
} as const

export type MessageCode = keyof typeof messages
