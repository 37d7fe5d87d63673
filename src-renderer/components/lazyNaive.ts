/**
 * naive-ui components a first screen draws only after it takes input (composables/firstScreenReady.ts): imported
 * from here with import(), so their code is a chunk of its own, fetched then instead of before the screen.
 */
export { NDatePicker } from 'naive-ui'
