import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, text, unexpectedProblems, signInTo } from './support/actions'
import { rowFacts, scan } from './support/catalogue'

/** Rows of the list whose data has not arrived yet. */
const placeholders = '[data-testid="catalogue-row-loading"]'

describe('catalogue of 100,000 bundles', () => {
  let sandbox: RunningSandbox
  const app = useFreshApp({ training: false })
  beforeAll(async () => {
    sandbox = await startSandbox({ scale: 'large' })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it(
    'pulls with a progress bar, keeps the page light while scrolling all of it, and finds a bundle deep in the list by barcode',
    { timeout: 300_000 },
    async () => {
      const { page, problems } = app()
      const user = sandbox.users[0]!
      await signInTo(page, sandbox.url, user)

      await page.getByTestId('menu-catalogue').click()
      // The first visit pulls; the bar moves through the phases of a pull this size.
      await page.getByTestId('catalogue-progress').waitFor({ timeout: 30_000 })
      await expect.poll(() => text(page.getByTestId('catalogue-progress-phase')), { timeout: 60_000 }).toMatch(/ de /)
      await screenshot(page, 'large-01-pulling')
      await expect
        .poll(() => text(page.getByTestId('catalogue-stock-as-of')), { timeout: 180_000, interval: 1_000 })
        .toMatch(/^Existencias al /)
      // Counted as a Guatemalan shop writes numbers, not Spain's 100.000.
      await expectText(page.getByTestId('catalogue-count'), '100,000 conjuntos')
      await page.getByTestId('catalogue-row').first().waitFor()

      // However far the list goes, the page holds only the rows near the viewport.
      const list = page.getByTestId('catalogue-list')
      await list.hover()
      const frames = await page.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __last: number; __tick: () => void }
        w.__frames = []
        w.__last = performance.now()
        w.__tick = () => {
          const now = performance.now()
          w.__frames.push(now - w.__last)
          w.__last = now
          requestAnimationFrame(w.__tick)
        }
        requestAnimationFrame(w.__tick)
        return true
      })
      expect(frames).toBe(true)
      for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 1_200)
      await expect.poll(() => page.locator(placeholders).count()).toBe(0)
      const frameTimes = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.slice(1))
      frameTimes.sort((a, b) => a - b)
      const p95 = frameTimes[Math.floor(frameTimes.length * 0.95)] ?? 0
      console.log(
        `catalogue scroll over 100,000 rows: ${frameTimes.length} frames, p95 ${p95.toFixed(1)} ms, worst ${frameTimes.at(-1)?.toFixed(1)} ms`,
      )
      expect(await page.getByTestId('catalogue-row').count()).toBeLessThan(100)

      // Straight to the middle (a scrollbar drag): the rows there arrive and show.
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2))
      // The virtual list re-renders on the next frame: wait for the rows of the middle, then for their data.
      const middle = page.getByTestId('catalogue-row').nth(5)
      await expect.poll(async () => Number(await middle.getAttribute('data-index'))).toBeGreaterThan(45_000)
      await expect.poll(() => page.locator(placeholders).count()).toBe(0)
      const deep = await rowFacts(middle)
      expect(deep.ean13).toMatch(/^\d{13}$/)
      await screenshot(page, 'large-02-middle')

      await list.click()
      await page.keyboard.press('End')
      await page.locator('[data-testid="catalogue-row"][data-index="99999"]').waitFor()
      expect(await page.getByTestId('catalogue-row').count()).toBeLessThan(100)

      await page.keyboard.press('F2')
      await scan(page, deep.ean13)
      await expectText(page.getByTestId('bundle-title'), `${deep.code} — ${deep.name}`)
      await screenshot(page, 'large-03-scanned')

      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
