/**
 * `value`, typed as whatever the call it is passed to expects: for tests of bad input only.
 *
 * A test that checks the server refuses a malformed call (a missing field, a field or operator
 * the schema does not know, a value of the wrong type) must be able to send what the typed
 * client's and services' types forbid; the server cannot count on a caller being typed. This is
 * the one named way to do it, so that a reader (and `git grep malformed`) sees which values are
 * wrong on purpose. A well-formed call needs none of it: use the service's own Data, Patch and
 * Query types, or a fixture of tests/server/support/ (eslint refuses `as never` in tests).
 *
 *     await failure(client.service('notes').create(malformed({ customerId })))   // no text
 */
export function malformed<T>(value: unknown): T {
  return value as T
}
