import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { notAnImage, oversizedPng, solidPng } from '../../support/sampleImages'
import { rest } from './sandboxClient'

type Json = Record<string, unknown>

let sandbox: RunningSandbox
let withoutExtensions: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ extensions: true })
  withoutExtensions = await startSandbox({ extensions: false })
})
beforeEach(() => sandbox.reset())
afterAll(async () => {
  await sandbox.close()
  await withoutExtensions.close()
})

const bookingId = bookingFacts[101].bookings.open
const path = `/pos/bookings/${bookingId}.json`

/** A picture as the client sends it: the multipart part `shipment[<step>_image]` of a PATCH to the booking. */
async function sendPicture(to: RunningSandbox, part: string, bytes: Buffer, type = 'image/png') {
  const form = new FormData()
  form.append(part, new Blob([new Uint8Array(bytes)], { type }), 'foto.png')
  const user = to.users[0]!
  const res = await fetch(`${to.url}${path}`, {
    method: 'PATCH',
    headers: { 'X-User-Email': user.email, 'X-User-Token': user.token, Accept: 'application/json' },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as Json }
}

const show = async (on: RunningSandbox) => (await rest<Json>(on, on.users[0]!, 'GET', path)).body

describe("a booking's step pictures", () => {
  it('stores a picture in its step and shows it in the booking as a file reference, serving the same bytes', async () => {
    const before = await show(sandbox)
    const png = solidPng(5, [20, 160, 60])
    const res = await sendPicture(sandbox, 'shipment[delivery_image]', png)
    expect(res.status).toBe(200)
    expect(res.body.delivery_image).toEqual({ url: `/uploads/shipment/delivery_image/${bookingId}/foto.png` })
    expect(res.body.booking_image).toBeNull()
    expect(Number(res.body.lock_version)).toBe(Number(before.lock_version) + 1)
    expect((await show(sandbox)).delivery_image).toEqual(res.body.delivery_image)
    const served = await fetch(`${sandbox.url}/uploads/shipment/delivery_image/${bookingId}/foto.png`)
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
  })

  it('refuses a file that is not an image, or too large, with 422 on its field, and keeps the booking as it was', async () => {
    const before = await show(sandbox)
    const wrong = await sendPicture(sandbox, 'shipment[booking_image]', notAnImage, 'text/plain')
    expect(wrong).toEqual({ status: 422, body: { booking_image: [expect.stringContaining('no puede subir archivos de tipo')] } })
    const large = await sendPicture(sandbox, 'shipment[shipping_image]', oversizedPng())
    expect(large).toEqual({ status: 422, body: { shipping_image: ['el tamaño del archivo debe ser menor que 5 MB'] } })
    expect(await show(sandbox)).toEqual(before)
  })

  it('without extensions takes the request and keeps no picture, as Rails drops a parameter it does not permit', async () => {
    const res = await sendPicture(withoutExtensions, 'shipment[booking_image]', solidPng(3, [1, 2, 3]))
    expect(res.status).toBe(200)
    expect(res.body.booking_image).toBeNull()
    expect((await show(withoutExtensions)).booking_image).toBeNull()
  })
})
