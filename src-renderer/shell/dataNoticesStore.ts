import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { DataNotice } from '@shared/support'
import { onEvent, request } from '../api'

/**
 * The damaged local files the core set aside in this run, and what came back of their unsent bookings
 * (core/cache/dataNotices.ts): announced as they happen, and read once after the first screen for
 * those found before the window opened. A notice the clerk dismissed stays dismissed in this window.
 */
export const useDataNoticesStore = defineStore('dataNotices', () => {
  const notices = ref<DataNotice[]>([])
  const dismissed = ref(new Set<string>())
  const key = (n: DataNotice) => `${n.kind} ${n.setAside ?? ''} ${n.at}`

  const add = (list: DataNotice[]) => {
    const known = new Set(notices.value.map(key))
    notices.value = [...notices.value, ...list.filter((n) => !known.has(key(n)))]
  }
  onEvent('support.dataNotice', (notice) => add([notice]))

  async function load(): Promise<void> {
    add(await request('support.dataNotices'))
  }

  const shown = computed(() => notices.value.filter((n) => !dismissed.value.has(key(n))))
  function dismiss(notice: DataNotice): void {
    dismissed.value = new Set([...dismissed.value, key(notice)])
  }

  return { shown, load, dismiss }
})
