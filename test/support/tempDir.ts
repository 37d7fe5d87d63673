import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A fresh folder removed when the file's tests end. Its own hook does it where called while the file's tests are
 * collected; called from a running test or hook, that hook is never run, and the setup file's removal does it.
 */
export function tempDir(prefix = 'mostrador-test-'): string {
  const dir = tempDirInTest(prefix)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

// Every folder made here, removed when its file's tests end by tempDirCleanup.ts, a
// setup file: where files share one module graph, a hook registered by this module
// would run after the first file only.
const madeInTests: string[] = []

/** Removes the folders tempDirInTest made: after each test file (tempDirCleanup.ts). */
export function removeDirsMadeInTests(): void {
  for (const dir of madeInTests.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A fresh folder, for use inside a test; removed when the file's tests end. */
export function tempDirInTest(prefix = 'mostrador-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  madeInTests.push(dir)
  return dir
}
