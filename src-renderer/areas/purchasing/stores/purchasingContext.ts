import { computed, ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestOutput } from '@shared/contract'
import { useEntityCurrencyStore } from '@renderer/stores/entityCurrency'
import { onCompanySwitch } from '@renderer/composables/companySwitch'

export type PurchasingContext = RequestOutput<'purchasing.context'>

/**
 * Around purchasing's forms: the agencies (asked once, again only after a failure or a company switch) and the
 * entity's currency.
 */
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
    const asked: Promise<PurchasingContext> = request('purchasing.context').then(
      (ctx) => (contextAsked === asked ? (context.value = ctx) : ctx),
      (err: unknown) => {
        if (contextAsked === asked) contextAsked = null
        throw err
      },
    )
    return (contextAsked = asked)
  }

  // Another company's agencies: forgotten, and a read still on its way is dropped.
  onCompanySwitch(() => {
    contextAsked = null
    context.value = null
  }, 'sync')

  function agencyName(id: number | null): string {
    if (id === null) return ''
    return agencies.value.find((a) => a.id === id)?.name ?? `#${id}`
  }

  return { context, agencies, entityCurrency, loadContext, agencyName }
}
