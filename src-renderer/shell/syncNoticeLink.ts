import { h, type VNodeChild } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'

/** A toast's text followed by the way to the sync centre, where what the outbox could not send is fixed. */
export function useSyncNoticeLink(): (text: string) => () => VNodeChild {
  const router = useRouter()
  const { t } = useI18n()
  const openSyncCentre = () => void router.push({ name: 'syncCentre' })
  return (text: string) => () =>
    h('span', [
      text,
      ' ',
      h(
        'a',
        { href: '#', 'data-testid': 'sync-notice-open', onClick: (e: Event) => (e.preventDefault(), openSyncCentre()) },
        t('connection.openSyncCentre'),
      ),
    ])
}
