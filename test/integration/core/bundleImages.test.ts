import { describe, expect, it } from 'vitest'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { notAnImage, oversizedPng, solidPng } from '../../support/sampleImages'
import { useProxiedSession } from '../../support/proxiedSession'

// Bundle images and forms through the core, against the sandbox over real HTTP.
const session = useProxiedSession()
const bundleId = bundleFacts[101].deletable.id
const png = (size: number, rgb: [number, number, number], name = 'foto.png') => ({
  name,
  type: 'image/png',
  base64: solidPng(size, rgb).toString('base64'),
})
const isPatch = (req: { method?: string; url?: string }) => req.method === 'PATCH' && req.url === `/inventories/bundles/${bundleId}.json`
const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer())

describe('bundle images through the core', () => {
  it('sets, replaces and removes an image; the served bytes are the file, and the cached bundle follows', async () => {
    await session.sandbox.reset()
    const first = await session.h.call('bundles.setImage', { bundleId, slot: 2, file: png(6, [10, 120, 200], 'frente.png') })
    const slot2 = first.images[1]!
    expect(slot2).toMatchObject({
      slot: 2,
      url: expect.stringMatching(/\/frente\.png$/),
      thumbnailUrl: expect.stringMatching(/thumbnail_fill_frente\.png$/),
    })
    expect((await bytesAt(slot2.url!)).equals(solidPng(6, [10, 120, 200]))).toBe(true)
    expect((await session.h.call('bundles.get', { id: bundleId })).image2?.url).toBe(slot2.url)

    const replaced = await session.h.call('bundles.setImage', { bundleId, slot: 2, file: png(3, [250, 250, 0], 'otra.png') })
    expect((await bytesAt(replaced.images[1]!.url!)).equals(solidPng(3, [250, 250, 0]))).toBe(true)
    expect(replaced.images.filter((i) => i.slot !== 2).map((i) => i.url)).toEqual(
      first.images.filter((i) => i.slot !== 2).map((i) => i.url),
    )

    const removed = await session.h.call('bundles.removeImage', { bundleId, slot: 2 })
    expect(removed.images[1]).toEqual({ slot: 2, url: null, thumbnailUrl: null })
    expect((await session.h.call('bundles.get', { id: bundleId })).image2?.url ?? null).toBeNull()
  })

  it('refuses a file that is not an image, or too large, before anything is sent', async () => {
    await session.sandbox.reset()
    let sent = 0
    await session.proxy.during(
      (req) => {
        if (isPatch(req)) sent += 1
        return null
      },
      async () => {
        await expect(
          session.h.call('bundles.setImage', {
            bundleId,
            slot: 1,
            file: { name: 'foto.png', type: 'image/png', base64: notAnImage.toString('base64') },
          }),
        ).rejects.toMatchObject({ code: 'bad_input', field: 'file', detail: expect.stringContaining('no es una imagen') })
        await expect(
          session.h.call('bundles.setImage', {
            bundleId,
            slot: 1,
            file: { name: 'grande.png', type: 'image/png', base64: oversizedPng().toString('base64') },
          }),
        ).rejects.toMatchObject({ code: 'bad_input', detail: expect.stringContaining('5 MB') })
      },
    )
    expect(sent).toBe(0)
  })

  it('an upload whose answer was lost is found on the bundle and reported done', async () => {
    await session.sandbox.reset()
    const media = await session.proxy.during(
      (req) => (isPatch(req) ? { drop: true, afterForward: true } : null),
      () => session.h.call('bundles.setImage', { bundleId, slot: 3, file: png(4, [0, 200, 0], 'perdida.png') }),
    )
    expect(media.images[2]!.url).toMatch(/\/perdida\.png$/)
  })

  it('an upload answered in an unexpected shape is done: the bundle is read back', async () => {
    await session.sandbox.reset()
    const media = await session.proxy.during(
      (req) => (isPatch(req) ? { status: 200, body: { ok: true }, afterForward: true } : null),
      () => session.h.call('bundles.setImage', { bundleId, slot: 4, file: png(4, [9, 9, 9], 'rara.png') }),
    )
    expect(media.images[3]!.url).toMatch(/\/rara\.png$/)
    const removed = await session.proxy.during(
      (req) => (isPatch(req) ? { status: 200, body: 'listo', afterForward: true } : null),
      () => session.h.call('bundles.removeImage', { bundleId, slot: 4 }),
    )
    expect(removed.images[3]!.url).toBeNull()
  })

  it("passes on the service's own refusal with its field message", async () => {
    await session.sandbox.reset()
    const refused = session.proxy.during(
      (req) =>
        isPatch(req) ? { status: 422, body: { image: ['no puede subir archivos de tipo image/png, tipos permitidos: jpg'] } } : null,
      () => session.h.call('bundles.setImage', { bundleId, slot: 1, file: png(2, [1, 1, 1]) }),
    )
    await expect(refused).rejects.toMatchObject({ code: 'validation', fields: { image: [expect.stringContaining('tipos permitidos')] } })
  })
})

describe('associated forms through the core', () => {
  it('reads the forms a bundle has, field by field, and an empty list for one without', async () => {
    await session.sandbox.reset()
    const media = await session.h.call('bundles.media', { bundleId: bundleFacts[101].withMovements.id })
    expect(media.forms.state).toBe('given')
    if (media.forms.state !== 'given') return
    expect(media.forms.forms.map((f) => f.name)).toEqual(['Ficha técnica', 'Control de calidad'])
    expect(media.forms.forms[0]!.values).toEqual([
      { field: 'Material', fieldType: 'text', value: 'Pino tratado' },
      { field: 'Garantía (meses)', fieldType: 'number', value: '6' },
      { field: 'Apto para exteriores', fieldType: 'yes_no', value: 'true' },
    ])
    expect(media.forms.unreadable).toBe(0)
    const dynamic = await session.h.call('bundles.media', { bundleId: bundleFacts[101].dynamic.id })
    expect(dynamic.forms).toEqual({ state: 'given', forms: [], unreadable: 0 })
  })

  it('says the server gives no forms when the answer has none, and counts forms it cannot read', async () => {
    await session.sandbox.reset()
    const id = bundleFacts[101].withMovements.id
    const user = session.sandbox.users[0]!
    const real = (await (
      await fetch(`${session.sandbox.url}/inventories/bundles/${id}.json`, {
        headers: { 'X-User-Email': user.email, 'X-User-Token': user.token },
      })
    ).json()) as Record<string, unknown>
    const isShow = (req: { method?: string; url?: string }) => req.method === 'GET' && req.url === `/inventories/bundles/${id}.json`
    const { forms, ...withoutForms } = real
    const none = await session.proxy.during(
      (req) => (isShow(req) ? { status: 200, body: withoutForms } : null),
      () => session.h.call('bundles.media', { bundleId: id }),
    )
    expect(none.forms).toEqual({ state: 'notGiven' })
    const odd = await session.proxy.during(
      (req) => (isShow(req) ? { status: 200, body: { ...real, forms: [...(forms as unknown[]), { title: 'sin nombre' }] } } : null),
      () => session.h.call('bundles.media', { bundleId: id }),
    )
    expect(odd.forms).toMatchObject({ state: 'given', unreadable: 1 })
  })
})
