import { useI18n } from 'vue-i18n'
import { useMessage } from 'naive-ui'
import { useRouter } from 'vue-router'
import type { AppError } from '@shared/errors'
import type { Membership } from '@shared/domain'
import { useSubmit } from '../stores/useSubmit'
import { useUnsentGuard } from './useUnsentGuard'
import { useWhoAmIStore } from '../stores/whoami'
import { useOpenBookingStore } from '../stores/openBooking'

/**
 * Moving to another company, from wherever it is offered (the header's chip,
 * the profile): asks first when this company still has unsent work, then
 * names the new company in a toast. Resolves to the failure, if any, so the
 * caller can show it where the user clicked; `error` keeps the last one.
 */
export function useEntitySwitch() {
  const whoami = useWhoAmIStore()
  const message = useMessage()
  const { t } = useI18n()
  const { confirmLeaving } = useUnsentGuard()
  const openBooking = useOpenBookingStore()
  const router = useRouter()

  /**
   * A screen of one record (a bundle, an order, a booking's edit) shows the company being left's: its menu screen opens
   * first, and a screen with unsaved changes asks there, where staying keeps the company too. False: the user stayed.
   */
  async function leaveRecord(): Promise<boolean> {
    const { name, meta } = router.currentRoute.value
    if (!meta.area || name === meta.area) return true
    return !(await router.push({ name: meta.area }))
  }

  const { run, error } = useSubmit(async (membership: Membership) => {
    if (!(await confirmLeaving('switch', whoami.currentEntity?.name ?? ''))) return
    if (!(await leaveRecord())) return
    // The booking being typed is kept for this company before leaving it (the last keys may still be waiting).
    await openBooking.flush()
    const next = await whoami.switchEntity(membership.entity.id)
    message.success(t('profile.switched', { entity: next.currentEntity?.name ?? membership.entity.name }))
  })

  async function switchTo(membership: Membership): Promise<AppError | null> {
    await run(membership)
    return error.value
  }

  return { switchTo, error }
}
