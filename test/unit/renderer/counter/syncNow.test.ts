import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createSSRApp, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { createPinia, setActivePinia } from 'pinia'
import { createI18n } from 'vue-i18n'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import type { ConnectionState } from '@shared/domain'
import type { OutboxEntry } from '@shared/bookings'
import { useSyncNow } from '@renderer/areas/counter/composables/useSyncNow'
import { entryStateKey, showsLastError } from '@renderer/areas/counter/entryStateWords'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useConnectionWords } from '@renderer/composables/useConnectionWords'
import { useConnectionStore } from '@renderer/stores/connection'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The Sync centre's "sync now" and the words of the line, against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const line = (link: ConnectionState['link'], since: string | null = null): ConnectionState => ({
  online: link === 'online',
  link,
  lastContactAt: '2026-11-28T10:20:00.000Z',
  clockOffsetMs: null,
  since,
})
const nothingSent = (connection: ConnectionState) => ({
  sent: 0,
  waiting: 0,
  failed: 0,
  conflicts: 0,
  connection,
  changes: {
    bookings: [],
    removed: [],
    entries: [],
    sync: { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 2 },
    full: false,
  },
})

/** Runs composables inside a real component setup, with the app's messages. */
async function inApp<T>(use: () => T): Promise<T> {
  let result: T | undefined
  const app = createSSRApp({
    setup() {
      result = use()
      return () => h('div')
    },
  })
  app.use(createPinia())
  app.use(createI18n({ legacy: false, locale: 'es', fallbackLocale: 'es', messages: { es, en } }))
  await renderToString(app)
  return result!
}

/** 10:35 today on this machine's clock (no profile zone is known here): a time of today is written without its day. */
const at1035 = new Date(new Date().setHours(10, 35, 0, 0)).toISOString()

beforeEach(() => {
  resetApiStandIn()
  setActivePinia(createPinia())
})

describe('sync now, with nothing waiting', () => {
  it('says it could not sync, in the status bar’s words, when the service it asked is gone; no time of last sync', async () => {
    request.mockResolvedValue(nothingSent(line('offline', at1035)))
    const { controller, store } = await inApp(() => ({ controller: useSyncNow(), store: useBookingsStore() }))
    const note = await controller.syncNow()
    expect(request).toHaveBeenCalledWith('sync.push')
    expect(note?.kind).toBe('warning')
    expect(note?.text).toMatch(/^No se pudo sincronizar\. Sin conexión desde 10:35\b/)
    expect(store.lastSyncAt).toBeNull()
    expect(useConnectionStore().state?.link).toBe('offline')
  })

  it('says so for a failing service too, with its own one name', async () => {
    request.mockResolvedValue(nothingSent(line('failing', at1035)))
    const { controller } = await inApp(() => ({ controller: useSyncNow() }))
    expect((await controller.syncNow())?.text).toMatch(/^No se pudo sincronizar\. El servicio falla desde 10:35\b/)
  })

  it('gives the counts and the time of last sync when the service answered', async () => {
    request.mockResolvedValue(nothingSent(line('online')))
    const { controller, store } = await inApp(() => ({ controller: useSyncNow(), store: useBookingsStore() }))
    expect(await controller.syncNow()).toEqual({ kind: 'info', text: 'Enviadas: 0. Esperando: 0. Con error: 0. En conflicto: 0.' })
    expect(store.lastSyncAt).not.toBeNull()
  })

  it('is no sync when the service failed, though the push ended while the line still read as online', async () => {
    let answer: (report: unknown) => void = () => undefined
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { controller, store, connection } = await inApp(() => ({
      controller: useSyncNow(),
      store: useBookingsStore(),
      connection: useConnectionStore(),
    }))
    connection.apply(line('online'))
    const asked = controller.syncNow()
    // The core announces the push's start and end before its answer (and the line's new state) arrives.
    announce('sync.changed', { waiting: 0, failed: 0, conflicts: 0, pushing: true, signInNeeded: false, version: 1 })
    announce('sync.changed', { waiting: 0, failed: 0, conflicts: 0, pushing: false, signInNeeded: false, version: 2 })
    answer(nothingSent(line('failing', at1035)))
    await asked
    expect(store.lastSyncAt).toBeNull()
  })

  it('says a push is under way, on every screen, from the click until its answer, answered or refused', async () => {
    let answer: (report: unknown) => void = () => undefined
    request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const { controller, store } = await inApp(() => ({ controller: useSyncNow(), store: useBookingsStore() }))
    const asked = controller.syncNow()
    expect(store.pushing).toBe(true)
    answer(nothingSent(line('online')))
    await asked
    expect(store.pushing).toBe(false)

    request.mockRejectedValueOnce(new Error('boom'))
    const refused = controller.syncNow()
    expect(store.pushing).toBe(true)
    await refused
    expect(store.pushing).toBe(false)
    expect(controller.error.value?.code).toBe('internal')
  })

  it('keeps a refused push as its error, and says nothing else', async () => {
    request.mockRejectedValue(new Error('boom'))
    const { controller } = await inApp(() => ({ controller: useSyncNow() }))
    expect(await controller.syncNow()).toBeUndefined()
    expect(controller.error.value?.code).toBe('internal')
  })
})

describe('the line in one wording', () => {
  it('names each state once, with since when while it is bad', async () => {
    const words = await inApp(() => ({ words: useConnectionWords(), store: useConnectionStore() }))
    expect(words.words.label.value).toBe('')
    words.store.apply(line('online'))
    expect(words.words.label.value).toBe('En línea')
    words.store.apply(line('offline', at1035))
    expect(words.words.label.value).toMatch(/^Sin conexión desde 10:35\b/)
    words.store.apply(line('failing', at1035))
    expect(words.words.label.value).toMatch(/^El servicio falla desde 10:35\b/)
    words.store.apply(line('offline'))
    expect(words.words.label.value).toBe('Sin conexión')
    // Closing a sentence: one period, also after a 12-hour time's own ("a. m.").
    expect(words.words.sentence.value).toBe('Sin conexión.')
    words.store.apply(line('offline', at1035))
    expect(words.words.sentence.value).toMatch(/^Sin conexión desde 10:35(\.|\s?[ap]\.\s?m\.)$/)
    expect(words.words.sentence.value).not.toMatch(/\.\.$/)
  })
})

describe('an outbox entry while the line is down', () => {
  const entry = (state: OutboxEntry['state']) => ({
    state,
    lastError: { code: 'server' as const, message: { es: '', en: '' }, detail: null, field: null, fields: {} },
  })

  it('says what will happen to it, not what it is doing', () => {
    expect(entryStateKey(entry('queued'), 'offline')).toBe('syncCentre.willSend.offline')
    expect(entryStateKey(entry('unknown'), 'offline')).toBe('syncCentre.willConfirm.offline')
    expect(entryStateKey(entry('queued'), 'failing')).toBe('syncCentre.willSend.failing')
    expect(entryStateKey(entry('unknown'), 'online')).toBe('syncCentre.states.unknown')
    // Refused and conflicting entries wait for the clerk, whatever the line.
    expect(entryStateKey(entry('failed'), 'offline')).toBe('syncCentre.states.failed')
    expect(entryStateKey(entry('held'), 'offline')).toBe('syncCentre.states.held')
  })

  it('keeps a waiting entry’s passing error out of sight ("try again in a moment" contradicts "it will go by itself")', () => {
    expect(showsLastError(entry('unknown'), 'offline')).toBe(false)
    expect(showsLastError(entry('queued'), 'online')).toBe(true)
    expect(showsLastError(entry('failed'), 'offline')).toBe(true)
  })
})
