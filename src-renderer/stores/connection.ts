import { defineStore } from 'pinia'
import { ref } from 'vue'
import { onEvent, request } from '../api'
import type { ConnectionState } from '@shared/domain'

/** Whether the service answers; shown in the status bar. */
export const useConnectionStore = defineStore('connection', () => {
  const state = ref<ConnectionState | null>(null)
  let timer: ReturnType<typeof setInterval> | null = null

  onEvent('connection.changed', (next) => {
    state.value = next
  })

  /** A state a command's answer carried (the clerk's sync now asks the service): newer than any read. */
  function apply(next: ConnectionState): void {
    state.value = next
  }

  async function load(): Promise<void> {
    try {
      state.value = await request('connection.status')
    } catch {
      // Not knowing is shown as "offline"; the next connection.changed event corrects it.
      state.value = {
        online: false,
        link: 'offline',
        lastContactAt: state.value?.lastContactAt ?? null,
        clockOffsetMs: state.value?.clockOffsetMs ?? null,
        since: state.value?.link === 'offline' ? state.value.since : null,
      }
    }
  }

  /**
   * The event fires only when online flips; the last-contact time moves with
   * every exchange, so the shell re-reads it now and then (a local call).
   */
  function follow(everyMs = 15_000): () => void {
    void load()
    if (timer) clearInterval(timer)
    timer = setInterval(() => void load(), everyMs)
    return () => {
      if (timer) clearInterval(timer)
      timer = null
    }
  }

  return { state, apply, load, follow }
})
