import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Any import reaching into server/src except the typed client and the services' `*.shared` files. */
export const serverBoundary = {
  regex: '(^|/)server/src/(?!(client|services/[^/]+/[^/]+/[^/]+\\.shared)$)',
  message: 'The renderer reaches the server only through server/src/client and server/src/services/<area>/<name>/<name>.shared.'
}

/** Why a test may not cast to `never` (eslint.config.js, for tests/**). */
export const testNeverCast =
  'No `as never` in tests: use the typed client, the services\' Data/Patch/Query types or a fixture of tests/server/support; a value that is wrong on purpose goes through malformed() (tests/server/support/malformed.ts).'

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }]
    }
  },
  {
    // The typed client is the screens' only door to the server: from server/src they may import
    // the client (server/src/client) and each service's public contract
    // (server/src/services/<area>/<name>/<name>.shared), nothing else. domain/ is shared.
    files: ['renderer/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverBoundary] }]
    }
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules }
  },
  {
    // Tests reach services through their types: the typed client, the services' Data, Patch and
    // Query types, the fixtures of tests/server/support. A value that is wrong on purpose (a test
    // of bad input) goes through `malformed` (tests/server/support/malformed.ts), by name.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: ':matches(TSAsExpression, TSTypeAssertion) > TSNeverKeyword.typeAnnotation', message: testNeverCast }]
    }
  },
  {
    // Command-line entry points print to the terminal on purpose.
    files: ['server/src/seed.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' }
  }
)
