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

// The layers (issue 31, item 1), lowest first: a file imports its own layer, those under it and `below`; nothing above,
// nothing else of the tree (eslint/importRules.mjs). src-base holds what the core and the sandbox both need (the SQLite
// opener, the training launcher's interface), so neither imports the other; it and src-shared import nothing of ours.
const core = (...places) => places.map((place) => `src-main/core/${place}`)
const coreLayers = {
  layers: [
    core('logging', 'events.ts', 'processLock.ts', 'settingsStore.ts', 'secrets', 'appPaths.ts', 'moduleImports.d.ts'),
    core('api'),
    core('cache'),
    core('sync'),
    core('services'),
    core('support', 'updates'),
    core('handlers', 'coreOptions.ts'),
    core('createCore.ts'),
  ],
  below: ['src-shared', 'src-base'],
}
// The window's layers, the same way. The message catalogues and what main.ts reads before anything else (the stored
// language, zod's setting) are its floor; main.ts, App.vue and the first screen's choice start it all, over the
// router. An area's routes.ts is its part of the router. An area imports no other area: what two share moves to
// stores, composables or components.
const renderer = (...places) => places.map((place) => `src-renderer/${place}`)
const areas = ['admin', 'catalogue', 'counter', 'dispatch', 'purchasing']
const rendererLayers = {
  layers: [
    renderer('i18n', 'shell/i18n', ...areas.map((area) => `areas/${area}/i18n`)).concat(
      renderer('storageHint.ts', 'zodJitless.ts', 'env.d.ts', 'styles.css', 'plainField.css'),
    ),
    renderer('api'),
    renderer('stores'),
    renderer('composables', 'components'),
    renderer('areas'),
    renderer('shell'),
    renderer('router', ...areas.map((area) => `areas/${area}/routes.ts`)),
    renderer('App.vue', 'firstScreen.ts', 'main.ts'),
  ],
  below: ['src-shared'],
  apart: ['src-renderer/areas'],
}
const closedLayer = (place) => ({ layers: [[place]] })
// No import circle in these, type-only ones included (house/no-cycle reads the files each import leads to).
const acyclic = { within: ['src-main', 'src-shared', 'src-base', 'src-sandbox', 'src-renderer'] }

// The sandbox is the service's stand-in: it shares the contract's types (src-shared) and src-base, and reads the
// real SDL, which stays beside the core's other facts about the service. Nothing else of the core.
const sandboxZone = [
  {
    regex: '^@core/(?!api/schema/realService\\.graphql\\?raw$)',
    message: 'The sandbox may import from the core only the real SDL (see docs/ARCHITECTURE.md); what both need is in src-base.',
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
  { files: ['src-main/core/**/*.ts'], rules: { 'house/layers': ['error', coreLayers] } },
  { files: ['src-renderer/**/*.{ts,vue}'], rules: { 'house/layers': ['error', rendererLayers] } },
  { files: ['src-shared/**/*.ts'], rules: { 'house/layers': ['error', closedLayer('src-shared')] } },
  { files: ['src-base/**/*.ts'], rules: { 'house/layers': ['error', closedLayer('src-base')] } },
  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-base/**/*.ts', 'src-sandbox/**/*.ts', 'src-renderer/**/*.{ts,vue}'],
    rules: { 'house/no-cycle': ['error', acyclic] },
  },
)
