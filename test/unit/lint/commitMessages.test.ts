import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../support/tempDir'
import { root } from './lintAs'

// Issue 31, item 5: CI runs `npm run lint:commits` over the commits since .ci/commits-checked-from.
const commitlint = join(root, 'node_modules', '.bin', 'commitlint')

/** A repository whose first commit is the baseline, then one commit per message; commitlint's verdict on them. */
function lint(...messages: string[][]): { ok: boolean; output: string } {
  const dir = tempDir()
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir, encoding: 'utf8' })
  git('init', '-q')
  git('commit', '-q', '--allow-empty', '-m', 'Start the history', '-m', 'The baseline.')
  const from = git('rev-parse', 'HEAD').trim()
  for (const parts of messages) git('commit', '-q', '--allow-empty', ...parts.flatMap((p) => ['-m', p]))
  const run = spawnSync(commitlint, ['--config', join(root, 'commitlint.config.mjs'), '--cwd', dir, '--from', from, '--to', 'HEAD'], {
    encoding: 'utf8',
  })
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` }
}

describe('commit messages', { timeout: 60_000 }, () => {
  it('pass with a short subject and a body that says why', () => {
    expect(lint(['Keep a draft without a destination', 'A clerk saves half a booking when the phone rings.']).ok).toBe(true)
  })

  it('pass with a body that names a colour or an issue with #', () => {
    expect(lint(['Darken the banner', 'Issue 30: the band kept its pale pink (#fdecee) on the dark theme.']).ok).toBe(true)
  })

  it('fail with a subject over 72 characters', () => {
    const long = `Keep a draft without a destination so that a clerk ${'x'.repeat(30)}`
    const result = lint([long, 'Why.'])
    expect(result.ok).toBe(false)
    expect(result.output).toContain('header-max-length')
  })

  it('fail without a body, a merge included', () => {
    const result = lint(['Merge branch i30-keys'])
    expect(result.ok).toBe(false)
    expect(result.output).toContain('body-says-why')
  })

  it('fail on a subject ending in a full stop, even after good commits', () => {
    const result = lint(['Keep drafts', 'Why.'], ['Fix the scan box.', 'Why.'])
    expect(result.ok).toBe(false)
    expect(result.output).toContain('header-full-stop')
  })
})
