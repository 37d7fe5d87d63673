// Writes test/unit/core/api/sdkGraphqlFacts.json: the names the real service's public SDK and docs show
// for GraphQL (each SDK type's keys, the words of each SDK query, the words of the docs' GraphQL page),
// so the SDL source test (realSchemaSources.test.ts) can check that a field's named source shows it.
// Facts only, no code: re-run it when the SDK moves.
//
//   node scripts/sdk-graphql-facts.mjs <zauru-typescript-sdk git dir> <docs-zauru git dir>
//
// Each argument is a clone or a bare mirror; HEAD is read.
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [sdkDir, docsDir] = process.argv.slice(2)
if (!sdkDir || !docsDir) {
  console.error('usage: node scripts/sdk-graphql-facts.mjs <zauru-typescript-sdk git dir> <docs-zauru git dir>')
  process.exit(2)
}
const git = (dir, ...args) => execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
const gitDir = (dir) => (existsSync(join(dir, '.git')) ? join(dir, '.git') : dir)
const sdk = gitDir(sdkDir)
const docs = gitDir(docsDir)
const words = (text) => [...new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])].sort()

const typesFile = 'packages/webapp/types/src/GraphQL.types.ts'
const queriesFile = 'packages/webapp/graphql/src/GraphQL.queries.ts'
const docsPages = ['docs/webapps/graphql.md']

const types = {}
for (const m of git(sdk, 'show', `HEAD:${typesFile}`).matchAll(/export type (\w+)(?:<\w+>)? = \{([\s\S]*?)\n\};/g)) {
  types[m[1]] = [...new Set([...m[2].matchAll(/^\s+(\w+)\??:/gm)].map((k) => k[1]))].sort()
}
// A query's words are those of the whole export that builds it: conditions are often pushed before the text.
const queries = {}
for (const chunk of git(sdk, 'show', `HEAD:${queriesFile}`).split(/^export const /m)) {
  for (const op of chunk.matchAll(/query\s+(\w+)/g)) queries[op[1]] = words(chunk)
}
const pages = Object.fromEntries(docsPages.map((p) => [p, words(git(docs, 'show', `HEAD:${p}`))]))

const facts = {
  sdk: {
    repository: 'intuitiva/zauru-typescript-sdk',
    commit: git(sdk, 'rev-parse', 'HEAD').trim(),
    typesFile,
    queriesFile,
    types,
    queries,
  },
  docs: { repository: 'intuitiva/docs-zauru', commit: git(docs, 'rev-parse', 'HEAD').trim(), pages },
}
const out = new URL('../test/unit/core/api/sdkGraphqlFacts.json', import.meta.url)
writeFileSync(out, `${JSON.stringify(facts, null, 1)}\n`)
console.log(
  `${Object.keys(types).length} types, ${Object.keys(queries).length} queries, ${docsPages.length} docs page(s) → ${out.pathname}`,
)
