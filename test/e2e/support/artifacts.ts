import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** Screenshots for a human to look at; the folder is git-ignored. */
export const artifactsDir = join(__dirname, '..', 'artifacts')

/**
 * After the page's transitions end (a width just set folds the side menu over some 200 ms, and a picture taken at
 * once showed its labels cut); a spinner's endless animation is not waited for, nor anything past two seconds.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined)
  mkdirSync(artifactsDir, { recursive: true })
  const path = join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/**
 * The page at the two sizes every changed screen is looked at in, one picture each, named `<name>-<width>x768`;
 * `prepare` runs at each size before its picture (to scroll what it shows into view). Leaves the page at 1366×768.
 */
export async function screenshotAtBothWidths(page: Page, name: string, prepare?: () => Promise<unknown>): Promise<void> {
  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 768 })
    // Two frames: a transition the new width starts (the side menu's) is running when the picture waits for it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    await prepare?.()
    await screenshot(page, `${name}-${width}x768`)
  }
}
