import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import globals from 'globals'

const electronOnlyHere = ['src-main/electron/**', 'src-main/preload/**', 'test/security/**', 'electron.vite.config.ts']

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'native/**', 'test/e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src-main/electron and src-main/preload may import electron.' }],
          patterns: [{ group: ['electron/*'], message: 'Only src-main/electron and src-main/preload may import electron.' }],
        },
      ],
    },
  },
)
