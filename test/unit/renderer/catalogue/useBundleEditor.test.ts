import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { bundle } from './bundleFixture'

// The bundle editor's controller without a browser: the stores against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const { useBundleEditor } = await import('@renderer/areas/catalogue/composables/useBundleEditor')

const detail = bundle()
const inputsOf = (name: string) => sent.filter((r) => r.name === name).map((r) => r.input)

beforeEach(() => {
  setActivePinia(createPinia())
  resetApiStandIn()
  answers.set('bundles.get', () => detail)
  answers.set('bundles.media', () => ({ bundleId: 7, images: [], forms: [] }))
})

describe('the bundle editor, as its screen drives it', () => {
  it('reads the bundle and sends only what the clerk changed', async () => {
    const editor = useBundleEditor(() => 7)
    editor.follow(7)
    await vi.waitFor(() => expect(editor.detail.value?.code).toBe('PAQ-00007'))
    expect(editor.dirty.value).toBe(false)
    expect(await editor.save()).toEqual({ kind: 'nothingToSave' })
    editor.form.value.name = 'Surtido grande'
    expect(editor.dirty.value).toBe(true)
    answers.set('bundles.update', () => ({ ...detail, name: 'Surtido grande', source: 'service' }))
    expect(await editor.save()).toMatchObject({ kind: 'saved', bundle: { name: 'Surtido grande' } })
    expect(inputsOf('bundles.update')).toEqual([{ id: 7, changes: { name: 'Surtido grande' } }])
    expect(editor.dirty.value).toBe(false)
  })

  it('checks a new bundle before sending, and says which fields to look at', async () => {
    const editor = useBundleEditor(() => undefined)
    editor.follow(undefined)
    expect(editor.problems.value.fields.code).toBeDefined()
    expect(await editor.save()).toEqual({ kind: 'problems', fields: ['code', 'name'] })
    expect(inputsOf('bundles.create')).toEqual([])
  })

  it('keeps a refusal on its field until the field is changed', async () => {
    const editor = useBundleEditor(() => undefined)
    editor.follow(undefined)
    editor.form.value.code = 'PAQ-00007'
    editor.form.value.name = 'Otro'
    answers.set('bundles.create', () => {
      throw new AppError('validation', { fields: { code: ['ya está en uso'] } })
    })
    expect(await editor.save()).toBeUndefined()
    expect(editor.serviceMessages.value).toEqual({ code: ['ya está en uso'] })
    expect(editor.refusedFields.value).toEqual(['code'])
    expect(editor.form.value.code).toBe('PAQ-00007')
    editor.form.value.code = 'PAQ-00070'
    expect(editor.serviceMessages.value).toEqual({})
  })
})
