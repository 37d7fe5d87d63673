import { computed, ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestOutput } from '@shared/contract'
import { useEntityCurrencyStore } from '@renderer/stores/entityCurrency'

export type PurchasingContext = RequestOutput<'purchasing.context'>

/** Around purchasing's forms: the agencies (asked once, again only after a failure) and the entity's currency. */
export function usePurchasingContext() {
  const context = ref<PurchasingContext | null>(null)
  let contextAsked: Promise<PurchasingContext> | null = null
  const agencies = computed(() => context.value?.agencies ?? [])
  // The shell read it as whoami named the entity (stores/entityCurrency.ts); asked again only when that read failed.
  const shared = useEntityCurrencyStore()
  const entityCurrency = computed(() => shared.currency)

  function loadContext(): Promise<PurchasingContext> {
    if (contextAsked) return contextAsked
    if (shared.currency === null) void shared.load()
    contextAsked = request('purchasing.context').then(
      (ctx) => (context.value = ctx),
      (err: unknown) => {
        contextAsked = null
        throw err
      },
    )
    return contextAsked
  }

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return agencies.value.find((a) => a.id === id)?.name ?? `#${id}`
  }

  return { context, agencies, entityCurrency, loadContext, agencyName }
}
