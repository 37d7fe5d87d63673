// Issue 31's rules (items 3 and 4) as lint config, with the files that broke them when they came in
// (./exceptions.mjs). The import layers (item 1) are stated in eslint.config.mjs; their rules are ./importRules.mjs.
import { houseRules } from './houseRules.mjs'
import { importRules } from './importRules.mjs'
import { errorRefs, overLongFiles, overLongFunctions, rawCatalogueDb, rowCasts } from './exceptions.mjs'

export const limits = { fileLines: 400, functionLines: 80 }

// The rules, all on as they are in the tree: test/unit/lint/lintExceptions.test.ts checks each listed file with them.
export const houseRuleSettings = {
  'max-lines': ['error', { max: limits.fileLines }],
  'max-lines-per-function': ['error', { max: limits.functionLines }],
  'house/no-row-cast': 'error',
  'house/no-raw-catalogue-db': 'error',
  'house/no-error-ref': 'error',
}

const except = (rule, files) => (Object.keys(files).length === 0 ? [] : [{ files: Object.keys(files), rules: { [rule]: 'off' } }])
const { 'max-lines': maxLines, 'max-lines-per-function': maxFunctionLines } = houseRuleSettings

export const houseConfig = [
  // Files that break the rules on purpose, for test/unit/lint/ to show that they fail.
  { ignores: ['test/fixtures/lint/**'] },
  { plugins: { house: { rules: { ...houseRules, ...importRules } } } },
  { rules: { 'max-lines': maxLines } },
  // A test file's describe() holds its cases, one function of any length; max-lines keeps the file short.
  // A test's cast over a row is checked by its own assertions; in the product nothing would catch it.
  { ignores: ['test/**'], rules: { 'max-lines-per-function': maxFunctionLines, 'house/no-row-cast': 'error' } },
  // The sandbox's store is not the catalogue: its routes use their own db, as the service's controllers do.
  { files: ['src-main/**'], ignores: ['src-main/core/cache/**'], rules: { 'house/no-raw-catalogue-db': 'error' } },
  { files: ['src-renderer/**'], rules: { 'house/no-error-ref': 'error' } },
  ...except('max-lines', overLongFiles),
  ...except('max-lines-per-function', overLongFunctions),
  ...except('house/no-row-cast', rowCasts),
  ...except('house/no-raw-catalogue-db', rawCatalogueDb),
  ...except('house/no-error-ref', errorRefs),
]
