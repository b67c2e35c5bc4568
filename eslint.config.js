// The lint gate `npm test` runs (scripts/lint.mjs): typescript-eslint's recommended rules, the
// rules of hooks, no import cycles, and the package boundaries ARCHITECTURE.md draws.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.test-results/**', '**/test-results/**', 'gateway/drizzle/**', 'data/**', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Tests and benchmarks may drive the other packages as peers (a simulated superior platform).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**', 'tests/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: [
          zone('./contracts', ['./gateway', './web', './simulators', './tests'], 'contracts is the source of truth: it imports no other package.'),
          zone('./web/src', ['./gateway', './simulators', './tests'], 'the console reaches the gateway over HTTP only.'),
          zone('./gateway/src', ['./web', './simulators', './tests'], 'the gateway does not depend on the console, the simulators or the tests.'),
          zone('./simulators/src', ['./gateway', './web', './tests'], 'the simulators speak to the gateway over TCP and HTTP only.'),
        ],
      }],
    },
  },
  {
    // A test may reach into an answer it has just checked the shape of.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
