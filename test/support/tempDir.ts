import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** A fresh folder removed when the file's tests end. */
export function tempDir(prefix = 'mostrador-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

// tempDir hooks its cleanup when called, so it cannot be called inside a running
// test; folders made there are kept here and removed when the file's tests end.
const madeInTests: string[] = []
afterAll(() => {
  for (const dir of madeInTests.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh folder, for use inside a test; removed when the file's tests end. */
export function tempDirInTest(prefix = 'mostrador-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  madeInTests.push(dir)
  return dir
}
