import { vi } from 'vitest'

/**
 * Replaces the api functions the services call with the fakes, over one in-memory service a test file
 * shares (it resets it between tests). Imported first by a service test, before anything of the core:
 * the mocks must be in place before the core's modules load. What a fake leaves out stays real.
 */
const { fake, api } = await vi.hoisted(async () => {
  const { FakeService } = await import('./fakeService')
  const { apiFakes } = await import('./apiFakes')
  const fake = new FakeService()
  return { fake, api: apiFakes(fake) }
})
vi.mock('@core/api/profileApi', async (real) => ({ ...(await real<object>()), ...api.profileApi }))
vi.mock('@core/api/catalogueGraphql', async (real) => ({ ...(await real<object>()), ...api.catalogueGraphql }))
vi.mock('@core/api/bundleColumnsRest', async (real) => ({ ...(await real<object>()), ...api.bundleColumnsRest }))
vi.mock('@core/api/bundlesApi', async (real) => ({ ...(await real<object>()), ...api.bundlesApi }))
vi.mock('@core/api/receptionsApi', async (real) => ({ ...(await real<object>()), ...api.receptionsApi }))
vi.mock('@core/api/purchaseOrdersApi', async (real) => ({ ...(await real<object>()), ...api.purchaseOrdersApi }))
vi.mock('@core/api/bookingsApi', async (real) => ({ ...(await real<object>()), ...api.bookingsApi }))
vi.mock('@core/api/bookingsGraphql', async (real) => ({ ...(await real<object>()), ...api.bookingsGraphql }))
vi.mock('@core/api/reconcileGraphql', async (real) => ({ ...(await real<object>()), ...api.reconcileGraphql }))

/** The in-memory service behind every mocked api function. */
export const fakeService = fake
