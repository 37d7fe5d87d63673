import { formatDistanceToNow } from 'date-fns'
import { enGB, es } from 'date-fns/locale'
import { useI18n } from 'vue-i18n'

/** "hace 3 horas" / "3 hours ago": how old something is, in the language on screen. */
export function useRelativeTime() {
  const { locale } = useI18n()

  /** `now` is passed so a screen that ticks re-renders the ages with it. */
  function ago(iso: string | null, now: Date): string | null {
    if (!iso) return null
    const at = new Date(iso)
    if (Number.isNaN(at.getTime())) return null
    // A clock a little behind the service's still reads as "just now", never "in 1 minute".
    const past = at.getTime() > now.getTime() ? now : at
    return formatDistanceToNow(past, { addSuffix: true, locale: locale.value === 'en' ? enGB : es })
  }

  return { ago }
}
