import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { onEvent, request } from '../api'
import { createLoader } from '../stores/loader'
import { useSubmit } from '../stores/useSubmit'
import type { UpdateStatus } from '@shared/updates'

/** The desktop updater's state (off under the browser host), for the header notice and Settings. */
export const useUpdatesStore = defineStore('updates', () => {
  const status = ref<UpdateStatus | null>(null)
  const send = useSubmit(async (command: () => Promise<UpdateStatus>) => {
    status.value = await command()
  })

  onEvent('updates.changed', (next) => {
    status.value = next
  })

  // Its failure stays for Settings to show; the header's notice simply shows nothing.
  const reader = createLoader(
    () => request('updates.status'),
    (read) => (status.value = read),
  )
  async function load(): Promise<void> {
    await reader.load()
  }

  /** The header notice and Settings each show a refusal their own way, so it reaches them as a rejection. */
  async function sendOrThrow(command: () => Promise<UpdateStatus>): Promise<void> {
    await send.run(command)
    if (send.error.value) throw send.error.value
  }

  async function setEnabled(enabled: boolean): Promise<void> {
    await sendOrThrow(() => request('updates.setEnabled', { enabled }))
  }

  /** The core refuses (outbox_not_empty) when bookings are unsent; the caller shows why. */
  async function install(): Promise<void> {
    await sendOrThrow(() => request('updates.install'))
  }

  return { status, loadError: computed(() => reader.error), busy: send.busy, load, setEnabled, install }
})
