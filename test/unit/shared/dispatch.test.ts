import { describe, expect, it, vi } from 'vitest'
import { requestNames } from '@shared/contract'
import { dispatch, type Handlers } from '@shared/dispatch'
import { AppError } from '@shared/errors'

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const all = Object.fromEntries(
    requestNames.map((n) => [
      n,
      vi.fn(async () => {
        throw new AppError('internal', { detail: `${n} not expected` })
      }),
    ]),
  ) as unknown as Handlers
  return { ...all, ...overrides }
}

describe('dispatch, the border every transport calls', () => {
  it('refuses an unknown request name without calling anything', async () => {
    const h = handlers()
    const res = await dispatch(h, 'session.stealToken', {})
    expect(res).toMatchObject({ ok: false, error: { code: 'bad_input' } })
  })

  it('refuses a malformed payload and names the bad field', async () => {
    const signIn = vi.fn()
    const res = await dispatch(handlers({ 'session.signIn': signIn }), 'session.signIn', { serverUrl: 'ftp://x', email: 'nope', token: '' })
    expect(res.ok).toBe(false)
    if (!res.ok) {
      expect(res.error.code).toBe('bad_input')
      expect(Object.keys(res.error.fields)).toEqual(expect.arrayContaining(['serverUrl', 'email', 'token']))
    }
    expect(signIn).not.toHaveBeenCalled()
  })

  it('passes an AppError through with its code, fields and both languages', async () => {
    const res = await dispatch(
      handlers({
        'entity.switch': async () => {
          throw new AppError('validation', { fields: { selected_entity_id: ['is not yours'] } })
        },
      }),
      'entity.switch',
      { entityId: 3 },
    )
    expect(res).toMatchObject({
      ok: false,
      error: { code: 'validation', field: 'selected_entity_id', message: { es: expect.any(String), en: expect.any(String) } },
    })
  })

  it('turns a result that breaks the contract into an internal error rather than passing it on', async () => {
    const res = await dispatch(handlers({ 'preferences.get': async () => ({ theme: 'purple' }) as never }), 'preferences.get', undefined)
    expect(res).toMatchObject({ ok: false, error: { code: 'internal' } })
  })

  it('returns the checked value', async () => {
    const res = await dispatch(
      handlers({
        'preferences.get': async () => ({
          theme: 'dark',
          language: 'en',
          station: null,
          receptionCount: 'scan' as const,
          nearExpiryDays: 30,
          dispatchView: 'cards' as const,
          toursSeen: [],
          stockAgencies: [],
          printer: null,
          paper: 'a4',
          printSlipOnSave: false,
        }),
      }),
      'preferences.get',
      undefined,
    )
    expect(res).toEqual({
      ok: true,
      value: {
        theme: 'dark',
        language: 'en',
        station: null,
        receptionCount: 'scan',
        nearExpiryDays: 30,
        dispatchView: 'cards',
        toursSeen: [],
        stockAgencies: [],
        printer: null,
        paper: 'a4',
        printSlipOnSave: false,
      },
    })
  })
})
