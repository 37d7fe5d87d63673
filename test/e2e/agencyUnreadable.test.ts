import { describe, expect, it } from 'vitest'
import type { TrainingService } from '@base/training'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'

/** Makes the training service refuse GraphQL root fields, as a real service may for a role. */
async function refuseRootFields(service: TrainingService, fields: string[]): Promise<void> {
  const res = await fetch(`${service.url}/__sandbox/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ graphql_refused_root_fields: fields }),
  })
  if (res.status !== 200) throw new Error(`refuse root fields: ${res.status} ${await res.text()}`)
}

describe('when the service will not say which agency the user works at', () => {
  const app = useFreshApp()

  it('the status bar and the counter say so, keep the last agency known, and recover on retry', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    const agency = (await page.getByTestId('status-agency').innerText()).split(':').slice(1).join(':').trim()
    expect(agency).not.toBe('')

    const service = await trainingService()
    await refuseRootFields(service, ['employees'])
    await page.reload()
    await page.getByTestId('status-agency-error').waitFor()
    await expectText(page.getByTestId('status-agency'), agency)

    await page.getByTestId('menu-newBooking').click()
    await page.getByTestId('newBooking-view').waitFor()
    await expectText(page.getByTestId('booking-agency-error'), /No se pudo leer su agencia: .+Se sigue usando la última conocida/)
    expect(await page.getByTestId('booking-no-agency').count()).toBe(0)
    await expect.poll(() => page.getByTestId('booking-scan').locator('input').isEnabled()).toBe(true)
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'agency-unreadable-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'agency-unreadable-1366')

    await refuseRootFields(service, [])
    await page.getByTestId('booking-agency-retry').click()
    await expect.poll(() => page.getByTestId('booking-agency-error').count()).toBe(0)
    expect(await page.getByTestId('status-agency-error').count()).toBe(0)
    await expectText(page.getByTestId('status-agency'), agency)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
