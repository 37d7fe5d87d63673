import { defineStore } from 'pinia'
import { ref } from 'vue'
import { onEvent, request } from '../api'
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

  async function load(): Promise<void> {
    status.value = await request('updates.status')
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

  return { status, busy: send.busy, load, setEnabled, install }
})
