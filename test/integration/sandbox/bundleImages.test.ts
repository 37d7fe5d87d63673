import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { jpegHead, notAnImage, oversizedPng, solidPng } from '../../support/sampleImages'
import { rest } from './sandboxClient'

type Json = Record<string, unknown>
interface Upload {
  url: string | null
  thumbnail_fill: { url: string | null }
}

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const ana = () => sandbox.users[0]!
const bundleId = bundleFacts[101].deletable.id
const path = (id: number) => `/inventories/bundles/${id}.json`

/** A multipart PATCH as the service's SDK sends files: FormData with Rails-style nested names. */
async function patchMultipart(id: number, parts: [string, string | { bytes: Buffer; name: string; type: string }][]) {
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.name)
  }
  const res = await fetch(`${sandbox.url}${path(id)}`, {
    method: 'PATCH',
    headers: { 'X-User-Email': ana().email, 'X-User-Token': ana().token, Accept: 'application/json' },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as Json }
}

const show = async (id: number) => (await rest<Json>(sandbox, ana(), 'GET', path(id))).body

describe('bundle images', () => {
  it('stores an uploaded image in a slot and serves the same bytes at its url and its thumbnail url', async () => {
    const png = solidPng(8, [200, 30, 30])
    const res = await patchMultipart(bundleId, [['bundle[image3]', { bytes: png, name: 'foto frente.png', type: 'image/png' }]])
    expect(res.status).toBe(200)
    const image = res.body.image3 as Upload
    expect(image.url).toBe(`${sandbox.url}/uploads/bundle/image3/${bundleId}/foto_frente.png`)
    expect(image.thumbnail_fill.url).toBe(`${sandbox.url}/uploads/bundle/image3/${bundleId}/thumbnail_fill_foto_frente.png`)

    for (const url of [image.url!, image.thumbnail_fill.url!]) {
      const served = await fetch(url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
    }
    // The show and the list give the same upload.
    expect((await show(bundleId)).image3).toEqual(image)
    const list = (await rest<Json[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body
    expect(list.find((b) => b.id === bundleId)?.image3).toEqual(image)
  })

  it('replaces an image: the old bytes are no longer served', async () => {
    const first = solidPng(4, [0, 0, 255])
    await patchMultipart(bundleId, [['bundle[image]', { bytes: first, name: 'a.png', type: 'image/png' }]])
    const res = await patchMultipart(bundleId, [['bundle[image]', { bytes: jpegHead, name: 'b.jpg', type: 'image/jpeg' }]])
    expect(res.status).toBe(200)
    const image = res.body.image as Upload
    expect(image.url).toMatch(/\/b\.jpg$/)
    const served = await fetch(image.url!)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await served.arrayBuffer()).equals(jpegHead)).toBe(true)
    expect((await fetch(`${sandbox.url}/uploads/bundle/image/${bundleId}/a.png`)).status).toBe(404)
  })

  it('removes an image with remove_imageN=1: null urls, file gone, other slots and fields untouched', async () => {
    const png = solidPng(4, [0, 128, 0])
    await patchMultipart(bundleId, [
      ['bundle[image2]', { bytes: png, name: 'dos.png', type: 'image/png' }],
      ['bundle[image4]', { bytes: png, name: 'cuatro.png', type: 'image/png' }],
    ])
    const before = await show(bundleId)
    const res = await patchMultipart(bundleId, [['bundle[remove_image2]', '1']])
    expect(res.status).toBe(200)
    expect(res.body.image2).toEqual({ url: null, thumbnail_fill: { url: null } })
    expect((res.body.image4 as Upload).url).toMatch(/cuatro\.png$/)
    expect(res.body.name).toBe(before.name)
    expect((await fetch(`${sandbox.url}/uploads/bundle/image2/${bundleId}/dos.png`)).status).toBe(404)
    // A JSON body can remove too (it cannot carry a file).
    const json = await rest<Json>(sandbox, ana(), 'PATCH', path(bundleId), { bundle: { remove_image4: true } })
    expect(json.status).toBe(200)
    expect((json.body.image4 as Upload).url).toBeNull()
  })

  it('refuses a file that is not an image, whatever its name says, with 422 and the Spanish message; nothing changes', async () => {
    const res = await patchMultipart(bundleId, [
      ['bundle[name]', 'Nombre que no debe quedar'],
      ['bundle[image]', { bytes: notAnImage, name: 'foto.png', type: 'text/plain' }],
    ])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ image: ['no puede subir archivos de tipo text/plain, tipos permitidos: jpg, jpeg, png, gif, webp'] })
    expect((await show(bundleId)).name).not.toBe('Nombre que no debe quedar')
  })

  it('refuses a file over 5 MB with 422', async () => {
    const res = await patchMultipart(bundleId, [['bundle[image5]', { bytes: oversizedPng(), name: 'grande.png', type: 'image/png' }]])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ image5: ['el tamaño del archivo debe ser menor que 5 MB'] })
    expect(((await show(bundleId)).image5 as Upload).url).toBeNull()
  })

  it('reads the other fields of a multipart form like a JSON one', async () => {
    const res = await patchMultipart(bundleId, [
      ['bundle[name]', 'Kit con foto'],
      ['bundle[ecommerce]', '1'],
      ['bundle[image]', { bytes: solidPng(2, [1, 2, 3]), name: 'kit.png', type: 'image/png' }],
    ])
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Kit con foto')
    expect(res.body.ecommerce).toBe(true)
  })

  it('takes an image on create (multipart POST)', async () => {
    const form = new FormData()
    form.append('bundle[code]', 'KIT-FOTO-1')
    form.append('bundle[name]', 'Kit con foto al crear')
    form.append('bundle[image]', new Blob([solidPng(2, [9, 9, 9])], { type: 'image/png' }), 'nuevo.png')
    const res = await fetch(`${sandbox.url}/inventories/bundles.json`, {
      method: 'POST',
      headers: { 'X-User-Email': ana().email, 'X-User-Token': ana().token, Accept: 'application/json' },
      body: form,
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as Json
    expect((body.image as Upload).url).toBe(`${sandbox.url}/uploads/bundle/image/${String(body.id)}/nuevo.png`)
  })
})

describe('associated forms', () => {
  it('gives a bundle its forms with the submitted values; a bundle without forms gives an empty list', async () => {
    const withForms = await show(bundleFacts[101].withMovements.id)
    const forms = withForms.forms as {
      name: string
      document_type: string
      form_submission: { settings_form_submission_values: { value: string | null; settings_form_field: { name: string } }[] }
    }[]
    expect(forms.map((f) => f.name)).toEqual(['Ficha técnica', 'Control de calidad'])
    expect(forms[0]!.document_type).toBe('bundle')
    expect(forms[0]!.form_submission.settings_form_submission_values.map((v) => [v.settings_form_field.name, v.value])).toEqual([
      ['Material', 'Pino tratado'],
      ['Garantía (meses)', '6'],
      ['Apto para exteriores', 'true'],
    ])
    const list = (await rest<{ id: number }[]>(sandbox, ana(), 'GET', '/inventories/bundles.json')).body
    expect((await show(list[list.length - 1]!.id)).forms).toEqual([])
  })
})
