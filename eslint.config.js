// The linter: ESLint's and typescript-eslint's recommended rules (no type information, so it stays quick), with
// console output kept to the places whose job is to print.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

export default defineConfig(
  globalIgnores(['dist/**', 'node_modules/**', '.scratch/**', 'coverage/**']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The inspector's page: plain browser modules, served as they are.
    files: ['src/surfaces/admin/inspector/page/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        ['document', 'location', 'navigator', 'fetch', 'EventSource', 'URL', 'Node', 'getSelection', 'setTimeout', 'clearTimeout'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
  {
    // Outside src/ (tests, the bench, scripts) an \`any\` may stand for what a test pokes at on purpose.
    ignores: ['src/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/cli/**', 'src/node/**', 'bench/**', 'test/**', 'scripts/**', 'fixtures/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Jest's fixture test files are JavaScript that Jest runs, with its globals and Node's.
    files: ['test/fixtures/runners/jest/**'],
    languageOptions: {
      globals: Object.fromEntries(['describe', 'test', 'expect', 'process', 'require', 'fetch'].map((name) => [name, 'readonly'])),
    },
    // One of them is a CommonJS test file on purpose: it checks that require() of the fixture works.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
