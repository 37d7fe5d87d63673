import { useI18n } from 'vue-i18n'
import { useDialog } from 'naive-ui'
import { request } from '../api'

/**
 * Asks before leaving the current account or entity while its outbox still
 * holds changes: they are not lost (they wait in this entity's cache), but
 * they are not sent until the clerk comes back, and the clerk should know.
 */
export function useUnsentGuard() {
  const { t } = useI18n()
  const dialog = useDialog()

  /** How many changes wait; null when the core could not say (the question is asked then too, saying so). */
  async function unsent(): Promise<number | null> {
    try {
      const s = await request('sync.status')
      return s.waiting + s.failed + s.conflicts
    } catch {
      return null
    }
  }

  async function confirmLeaving(kind: 'signOut' | 'switch', entity = ''): Promise<boolean> {
    const count = await unsent()
    if (count === 0) return true
    return new Promise((resolve) => {
      dialog.warning({
        title: t('unsent.title'),
        content:
          count === null
            ? t('unsent.unknown')
            : kind === 'signOut'
              ? t('unsent.signOut', { count }, count)
              : t('unsent.switch', { count, entity }, count),
        positiveText: t('unsent.confirm'),
        negativeText: t('unsent.cancel'),
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
      })
    })
  }

  return { confirmLeaving }
}
