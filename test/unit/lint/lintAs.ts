import { ESLint } from 'eslint'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const root = resolve(__dirname, '../../..')
export const fixtures = join(root, 'test/fixtures/lint')

/** The project's own lint config (eslint.config.mjs), as `npm run lint` runs it. */
export const projectLint = () => new ESLint({ cwd: root })

/** Loading the config (its plugins and parsers) takes seconds on a busy machine: a hook does it once, with time. */
export const loadConfig = (eslint: ESLint) =>
  [() => eslint.calculateConfigForFile(join(root, 'src-main/core/createCore.ts')), 60_000] as const

/** Lints a text as the file it would be at `path` (relative to the root): the rules that path meets, line by line. */
export async function lintAs(eslint: ESLint, text: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) })
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.ruleId ?? m.message}`)
}

/** The lines a fixture marks with `// fails: <rule>`, in the same form. */
export function markedFailures(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const rule = /\/\/ fails: (\S+)$/.exec(line)?.[1]
    return rule ? [`${i + 1}: ${rule}`] : []
  })
}

export const fixture = (path: string) => readFileSync(join(fixtures, path), 'utf8')
