import { beforeAll, describe, expect, it } from 'vitest'
import { lintAs, loadConfig, projectLint } from './lintAs'

// Issue 31, item 4: `npm run lint` fails on a 401-line file and an 81-line function (test files excepted for the
// function: a describe() holds its cases, and max-lines keeps the file short).
const eslint = projectLint()
beforeAll(...loadConfig(eslint))

const fileOf = (lines: number) => Array.from({ length: lines }, (_, i) => `export const line${i + 1} = ${i + 1}`).join('\n') + '\n'
/** A function of exactly `lines` lines, its opening and closing lines included. */
const functionOf = (lines: number) =>
  ['export function counted(): number {', '  let n = 0', ...Array.from({ length: lines - 4 }, () => '  n += 1'), '  return n', '}'].join(
    '\n',
  ) + '\n'

describe('the size limits in lint', { timeout: 20_000 }, () => {
  it('fails on a 401-line file, and passes one of 400', async () => {
    const path = 'src-main/core/services/longFile.ts'
    expect(await lintAs(eslint, fileOf(400), path)).toEqual([])
    expect(await lintAs(eslint, fileOf(401), path)).toEqual(['401: max-lines'])
  })

  it('fails on an 81-line function, and passes one of 80, except in a test file', async () => {
    const path = 'src-renderer/areas/counter/longFunction.ts'
    expect(functionOf(81).trimEnd().split('\n')).toHaveLength(81)
    expect(await lintAs(eslint, functionOf(80), path)).toEqual([])
    expect(await lintAs(eslint, functionOf(81), path)).toEqual(['1: max-lines-per-function'])
    expect(await lintAs(eslint, functionOf(81), 'test/unit/counter/longFunction.test.ts')).toEqual([])
  })
})
