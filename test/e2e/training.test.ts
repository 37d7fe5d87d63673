import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, memberships, startTraining, text, unexpectedProblems } from './support/actions'

describe('training mode', () => {
  const app = useFreshApp()

  it('opens the demo profile with both entities and switches entity, and the shell follows', async () => {
    const { page, problems } = app()
    await page.getByTestId('sign-in').waitFor()
    await screenshot(page, 'training-01-sign-in')
    await startTraining(page)

    await expect.poll(() => text(page.getByTestId('profile-name'))).not.toBe('')
    const name = await text(page.getByTestId('profile-name'))
    await expectText(page.getByTestId('status-user'), name)

    const before = await memberships(page)
    expect(before).toHaveLength(2)
    const current = before.find((m) => m.current)
    const other = before.find((m) => !m.current)
    expect(current, 'one entity is marked current').toBeDefined()
    expect(other, 'the other entity can be chosen').toBeDefined()
    await expectText(page.getByTestId('status-entity'), current!.name)
    await expectText(page.getByTestId('header-entity'), current!.name)
    const agencyBefore = await text(page.getByTestId('status-agency'))
    await screenshot(page, 'training-02-profile')

    await page.getByTestId(`switch-entity-${other!.entityId}`).click()
    await expectText(page.getByTestId('status-entity'), other!.name)
    await expectText(page.getByTestId('header-entity'), other!.name)
    // Each entity has its own agencies: the status bar shows the user's agency in the new one.
    await expect.poll(() => text(page.getByTestId('status-agency'))).not.toBe(agencyBefore)
    await expect.poll(async () => (await memberships(page)).find((m) => m.current)?.entityId).toBe(other!.entityId)
    await screenshot(page, 'training-03-switched')

    // The company screen shows the entity now current.
    await page.getByTestId('menu-company').click()
    await page.getByTestId('company-view').waitFor()
    await expectText(page.getByTestId('company-field-name'), other!.name)
    await screenshot(page, 'training-04-company')

    // The company chip in the header moves back, from any screen, and says where the clerk now works.
    await page.getByTestId('header-entity').click()
    await page.getByTestId(`entity-option-${current!.entityId}`).waitFor()
    await screenshot(page, 'training-05-entity-switcher')
    await page.getByTestId(`entity-option-${current!.entityId}`).click()
    // The toast of the first switch may still be up: this one names the company switched to.
    await expectText(page.locator('.n-message', { hasText: `Ahora trabaja en ${current!.name}` }), `Ahora trabaja en ${current!.name}`)
    await expectText(page.getByTestId('header-entity'), current!.name)
    await expectText(page.getByTestId('status-entity'), current!.name)
    await expectText(page.getByTestId('company-field-name'), current!.name)

    // The status bar at a counter's 1024 pixels says everything whole; narrower, the names end in "…" with the
    // whole name in their tooltips, and the line's state and the outbox's stay whole.
    const clipped = () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid="status-bar"] > [data-testid]')].map((e) => [
            e.getAttribute('data-testid'),
            e.scrollWidth > e.clientWidth,
          ]),
        ),
      )
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect.poll(async () => Object.values(await clipped()).some(Boolean)).toBe(false)
    await page.setViewportSize({ width: 800, height: 768 })
    await expect.poll(async () => (await clipped())['status-entity']).toBe(true)
    expect(await clipped()).toMatchObject({ 'status-connection': false, 'status-sync': false })
    expect(await page.getByTestId('status-entity').getAttribute('title')).toBe(current!.name)
    await screenshot(page, 'training-06-status-bar-800')

    expect(unexpectedProblems(problems)).toEqual([])
  })
})
