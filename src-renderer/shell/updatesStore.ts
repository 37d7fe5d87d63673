import { defineStore } from 'pinia'
import { ref } from 'vue'
import { onEvent, request } from '../api'
import type { UpdateStatus } from '@shared/updates'

/** The desktop updater's state (off under the browser host), for the header notice and Settings. */
export const useUpdatesStore = defineStore('updates', () => {
  const status = ref<UpdateStatus | null>(null)
  const busy = ref(false)

  onEvent('updates.changed', (next) => {
    status.value = next
  })

  async function load(): Promise<void> {
    status.value = await request('updates.status')
  }

  async function setEnabled(enabled: boolean): Promise<void> {
    busy.value = true
    try {
      status.value = await request('updates.setEnabled', { enabled })
    } finally {
      busy.value = false
    }
  }

  /** The core refuses (outbox_not_empty) when bookings are unsent; the caller shows why. */
  async function install(): Promise<void> {
    busy.value = true
    try {
      status.value = await request('updates.install')
    } finally {
      busy.value = false
    }
  }

  return { status, busy, load, setEnabled, install }
})
