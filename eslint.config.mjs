import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import prettier from 'eslint-config-prettier'
import { houseConfig } from './eslint/houseConfig.mjs'

const electronOnlyHere = ['src-main/electron/**', 'src-main/preload/**', 'test/security/**', 'electron.vite.config.ts']

// Who may import whom (issue 13; docs/ARCHITECTURE.md, "Who may import whom"). ESLint keeps one set of options per rule
// and file, so every zone repeats the electron rule.
const electronRule = {
  paths: [{ name: 'electron', message: 'Only src-main/electron and src-main/preload may import electron.' }],
  patterns: [{ group: ['electron/*'], message: 'Only src-main/electron and src-main/preload may import electron.' }],
}
const restrict = (...patterns) => ['error', { paths: electronRule.paths, patterns: [...electronRule.patterns, ...patterns] }]

const coreZone = [
  {
    regex: '^(\\.\\./)+(cli|host|electron|preload)(/|$)',
    message: 'The core serves three runners; it imports none of them (src-main/cli, host, electron, preload).',
  },
  { regex: '(^@sandbox(/|$))|src-sandbox', message: 'The core never imports the sandbox: it is a separate program (src-sandbox/).' },
]
// The sandbox is the service's stand-in: it shares the contract's types (src-shared), reads the real SDL, and uses the
// core's SQLite wrapper and implements its TrainingLauncher. Nothing else of the core.
const sandboxZone = [
  {
    regex: '^@core/(?!api/schema/realService\\.graphql\\?raw$|cache/sqlite$|training$)',
    message: 'The sandbox may import from the core only the real SDL, cache/sqlite and training (see docs/ARCHITECTURE.md).',
  },
  { regex: '^(\\.\\./)+src-main(/|$)', message: 'The sandbox reaches the core only through @core (and only what the rule allows).' },
]
const rendererZone = [
  {
    regex: '(^@(core|sandbox)(/|$))|src-main|src-sandbox',
    message: 'The renderer talks to the main process only through the contract (src-shared) and src-renderer/api.',
  },
]
// The core checks every answer as it leaves (src-shared/dispatch.ts); the window takes the requests' types only, so it
// never builds their schemas at start. It checks the events (contract/events.ts); the transport part has no schemas.
const contractValues = {
  patterns: [
    {
      regex: '^@shared/contract(/(?!transport$|events$).*)?$',
      allowTypeImports: true,
      message:
        "The renderer imports only types from the contract's requests: their schemas stay in the core (values: contract/transport, contract/events).",
    },
  ],
}
const apiMessage = 'Views and components reach the service through their area store, not the API client (issue 13).'
const apiZone = [{ regex: '(^@renderer/api(/|$))|(^(\\.\\./)+api(/|$))', message: apiMessage }]
const viewsAndComponents = ['src-renderer/**/*.vue']

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'native/**', 'test/e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  // Prettier owns the layout (.prettierrc.json); the rules that would argue with it are off.
  prettier,
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The core runs under plain Node, in the browser host and in the CLI:
    // only the Electron adapter and the preload may touch electron.
    ignores: electronOnlyHere,
    rules: { 'no-restricted-imports': restrict() },
  },
  { files: ['src-main/core/**'], rules: { 'no-restricted-imports': restrict(...coreZone) } },
  { files: ['src-sandbox/**'], rules: { 'no-restricted-imports': restrict(...sandboxZone) } },
  {
    files: ['src-renderer/**'],
    rules: { 'no-restricted-imports': restrict(...rendererZone), '@typescript-eslint/no-restricted-imports': ['error', contractValues] },
  },
  {
    files: viewsAndComponents,
    rules: { 'no-restricted-imports': restrict(...rendererZone, ...apiZone) },
  },
  // Size limits, no cast over a row, the raw catalogue db in the cache only (issue 31; eslint/houseConfig.mjs).
  ...houseConfig,
)
