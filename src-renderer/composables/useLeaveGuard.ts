import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { onBeforeRouteLeave } from 'vue-router'
import { useDialog } from 'naive-ui'

/** Asks before leaving a form with unsaved input: a clerk who clicks the menu by mistake loses nothing. */
export function useLeaveGuard(dirty: Ref<boolean>, busy: Ref<boolean>): void {
  const dialog = useDialog()
  const { t } = useI18n()

  function confirmDiscard(): Promise<boolean> {
    return new Promise((resolve) => {
      dialog.warning({
        title: t('purchasing.discard.title'),
        content: t('purchasing.discard.body'),
        positiveText: t('purchasing.discard.confirm'),
        negativeText: t('purchasing.discard.cancel'),
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
      })
    })
  }

  onBeforeRouteLeave(async () => {
    if (!dirty.value || busy.value) return true
    return confirmDiscard()
  })
}
