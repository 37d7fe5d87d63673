import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { areas } from '@renderer/shell/areas'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { startTraining, unexpectedProblems } from './support/actions'
import { openDispatch } from './support/bookings'
import { openCatalogueWithRows } from './support/catalogue'

/** The rows of one section of the keyboard help, as the clerk reads them ("Ctrl+Intro Guardar"). */
async function helpRows(page: Page, section: 'screen' | 'general'): Promise<string[]> {
  const rows = await page.getByTestId(`key-help-${section}`).getByTestId('key-help-row').allInnerTexts()
  return rows.map((r) =>
    r
      .replace(/\s+/g, ' ')
      // "Ctrl + Intro" as Ctrl+Intro; a + key alone ("+ o -") stays as it is.
      .replace(/(\S) \+ (?=\S)/g, '$1+')
      .trim(),
  )
}

describe('keyboard help (F1, ?)', () => {
  const app = useFreshApp()

  it('on New booking, F1 lists the screen’s keys even from the scan box, ? is typed there instead, and Esc closes it', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await startTraining(page)
    // At 1024 px the menu is icons: the counter's area key opens New booking.
    const counter = areas.find((a) => a.screens[0]?.key === 'newBooking')!
    await page.keyboard.press(`Alt+Digit${counter.shortcut}`)
    await page.getByTestId('newBooking-view').waitFor()
    const scan = page.getByTestId('booking-scan').locator('input')
    await expect.poll(() => scan.isEnabled()).toBe(true)
    await scan.focus()

    // A ? in a field is the clerk's text, not a request for help.
    await page.keyboard.press('Shift+Slash')
    expect(await scan.inputValue()).toBe('?')
    expect(await page.getByTestId('key-help').count()).toBe(0)
    await scan.fill('')

    await page.keyboard.press('F1')
    await page.getByTestId('key-help').waitFor()
    const screen = await helpRows(page, 'screen')
    expect(screen).toEqual([
      'Ctrl+Intro Guardar',
      'Ctrl+S Guardar como borrador',
      'F2 Poner el cursor en la caja de escaneo',
      // Nothing saved yet on this screen: the picture of the booking just saved is listed, dimmed.
      'F8 Foto de la reserva recién guardada (tomarla o adjuntarla) (ahora no disponible)',
      // No line is selected on an empty booking: listed, but said to be unavailable.
      'Supr Quitar la línea seleccionada (ahora no disponible)',
      // Nothing scanned, removed or changed yet, and the cursor is not in a quantity.
      'Ctrl+Z Deshacer el último cambio (lectura, línea quitada o cantidad) (ahora no disponible)',
      // No line yet: the keys of the lines are listed, dimmed.
      '↑ o ↓ Elegir la línea anterior o la siguiente (con la caja de escaneo vacía) (ahora no disponible)',
      '+ o - Sumar o restar uno a la cantidad de la línea elegida (con la caja de escaneo vacía) (ahora no disponible)',
      'Intro Tras ↑ o ↓: escribir la cantidad de la línea elegida (ahora no disponible)',
      'Intro o Esc Desde la cantidad de una línea: volver a la caja de escaneo (ahora no disponible)',
    ])
    const general = await helpRows(page, 'general')
    expect(general).toContain('Alt+1 Abrir Catálogo')
    expect(general).toContain('F1 o ? Mostrar esta ayuda del teclado')
    await screenshot(page, 'key-help-new-booking-1024x768')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'key-help-new-booking-1366x768')

    await page.keyboard.press('Escape')
    await page.getByTestId('key-help').waitFor({ state: 'hidden' })
    // The keys it listed do what it said: F2 from elsewhere goes back to the scan box.
    await page.getByTestId('screen-title').click()
    await page.keyboard.press('F2')
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  // The tab keys are Ctrl+1–4 from the scan box (issue 30), the bare digit where no field has the focus.
  it('on Dispatch, ? lists F9, F8, F5 and the tab keys, Esc closes it, and the keys it lists work', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openDispatch(page)
    await page.getByTestId('dispatch-view').click({ position: { x: 5, y: 5 } })

    await page.keyboard.press('Shift+Slash')
    await page.getByTestId('key-help').waitFor()
    expect(await helpRows(page, 'screen')).toEqual([
      // No booking is being shipped, delivered or opened by a scan: a picture or a signature has none to belong to.
      'F9 Firma de quien recibe (nombre y firma) (ahora no disponible)',
      'F8 Foto del envío o de la entrega (tomarla o adjuntarla) (ahora no disponible)',
      'F5 Volver a leer del servicio',
      'Ctrl+1 o 1 Abrir la pestaña «Por despachar»',
      'Ctrl+2 o 2 Abrir la pestaña «En tránsito: salen»',
      'Ctrl+3 o 3 Abrir la pestaña «En tránsito: llegan»',
      'Ctrl+4 o 4 Abrir la pestaña «Entregadas (24 h)»',
    ])
    await screenshot(page, 'key-help-dispatch-1366x768')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'key-help-dispatch-1024x768')
    // While the help is up, the screen's keys sleep: 2 does not change the tab behind it.
    await page.keyboard.press('Digit2')
    await page.keyboard.press('Escape')
    await page.getByTestId('key-help').waitFor({ state: 'hidden' })
    const selected = (tab: string) => page.getByTestId(`dispatch-tab-${tab}`).getAttribute('aria-selected')
    expect(await selected('toShip')).toBe('true')

    await page.keyboard.press('Digit4')
    await expect.poll(() => selected('delivered')).toBe('true')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('in English on the Catalogue, F1 from the search box lists its list keys with English key names', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await page.getByTestId('language-en').click()
    await openCatalogueWithRows(page)
    await page.getByTestId('catalogue-search').locator('input').focus()

    await page.keyboard.press('F1')
    await page.getByTestId('key-help').waitFor()
    const screen = await helpRows(page, 'screen')
    expect(screen).toContain('F2 or / Put the cursor in the search')
    expect(screen).toContain('0–9 Scan or type a code: it goes to the search')
    expect(screen).toContain('PgDn One page down')
    expect(screen).toContain('Esc Empty the search; again: drop the filters')
    expect(await helpRows(page, 'general')).toContain('Alt+1 Open Catalogue')
    await screenshot(page, 'key-help-catalogue-en-1366x768')
    await page.keyboard.press('Escape')
    await page.getByTestId('key-help').waitFor({ state: 'hidden' })
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
