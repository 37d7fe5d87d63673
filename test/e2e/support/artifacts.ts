import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** Screenshots for a human to look at; the folder is git-ignored. */
export const artifactsDir = join(__dirname, '..', 'artifacts')

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true })
  const path = join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}
