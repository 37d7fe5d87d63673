import type { Company, WhoAmI } from '@shared/domain'
import { AppError } from '@shared/errors'
import type { ProfileChanges } from '@shared/administration'
import { entityCurrency, type EntityCurrency } from '@shared/purchasing'
import { fetchCompany, fetchProfile, fetchUserAgency, selectEntity, updateProfile } from '../api/profileApi'
import { fetchCurrency } from '../api/purchasingApi'
import { readDocument, writeDocument } from '../cache/cacheDatabase'
import { companyKey, readStoredCompany, readStoredWhoAmI, whoAmIKey } from '../cache/storedProfile'
import type { CoreEvents } from '../events'
import type { SessionService } from './sessionService'

/**
 * Failures that mean "the service could not answer" (unreached, too slow, or
 * failing with a 5xx), where the cache may answer a read instead.
 */
export function isOffline(err: unknown): boolean {
  return (
    err instanceof AppError && (err.code === 'network' || err.code === 'timeout' || err.code === 'unknown_outcome' || err.code === 'server')
  )
}

/** The signed-in user, their entities and agency; the last answer is kept for offline starts. */
export class ProfileService {
  constructor(
    private readonly session: SessionService,
    private readonly events: CoreEvents,
    private readonly now: () => Date,
  ) {}

  async whoami(): Promise<WhoAmI> {
    const s = this.session.require()
    try {
      const { profile, memberships } = await fetchProfile(s.rest)
      const current = memberships.find((m) => m.current) ?? null
      const currentEntity = current ? current.entity : null
      const { agency, agencyError } = await this.agencyOf(profile.id, currentEntity?.id ?? null)
      const who: WhoAmI = { profile, memberships, currentEntity, agency, agencyError, fromCache: false }
      writeDocument(s.accountDb, whoAmIKey, who, this.now())
      return who
    } catch (err) {
      const cached = isOffline(err) ? readStoredWhoAmI(s.accountDb) : null
      if (cached) return { ...cached, fromCache: true }
      throw err
    }
  }

  /**
   * The agency comes through GraphQL. A failure there must neither hide the
   * profile nor pass for "no agency": it is reported, and the counter keeps the
   * agency last read for the same entity until a retry succeeds.
   */
  private async agencyOf(userId: number, entityId: number | null): Promise<Pick<WhoAmI, 'agency' | 'agencyError'>> {
    const s = this.session.require()
    try {
      return { agency: await fetchUserAgency(s.graphql, userId), agencyError: null }
    } catch (err) {
      if (isOffline(err)) throw err
      const previous = readStoredWhoAmI(s.accountDb)
      const kept = previous && previous.currentEntity?.id === entityId ? previous.agency : null
      return { agency: kept, agencyError: AppError.from(err).toPayload() }
    }
  }

  /** The last profile read from the service, without asking it (works offline). */
  lastKnown(): WhoAmI | null {
    const s = this.session.require()
    return readStoredWhoAmI(s.accountDb)
  }

  /** Changes the profile on the service, then reads it back so the app shows what the service kept. */
  async update(changes: ProfileChanges): Promise<WhoAmI> {
    await updateProfile(this.session.require().rest, changes)
    return this.whoami()
  }

  async switchEntity(entityId: number): Promise<WhoAmI> {
    const s = this.session.require()
    await selectEntity(s.rest, entityId)
    const who = await this.whoami()
    if (who.currentEntity?.id !== entityId) {
      throw new AppError('conflict', { detail: `the service kept entity ${who.currentEntity?.id ?? 'none'} as current` })
    }
    this.events.emit('entity.changed', who)
    return who
  }

  /**
   * The current entity's currency: amounts are shown in it, and its country says how numbers and dates are
   * written on every screen. Offline, the copy kept when it was last read; none when the company names none.
   */
  async currency(): Promise<EntityCurrency | null> {
    const s = this.session.require()
    const company = await this.company()
    if (company.currencyId === null) return null
    const key = `currency:${company.id}`
    try {
      const currency = await fetchCurrency(s.graphql, company.currencyId)
      if (currency) writeDocument(s.accountDb, key, currency, this.now())
      return currency
    } catch (err) {
      const kept = isOffline(err) ? entityCurrency.safeParse(readDocument(s.accountDb, key)?.value) : null
      if (kept?.success) return kept.data
      throw err
    }
  }

  /** The current entity's company; offline, the copy kept when it was last read. */
  async company(): Promise<Company> {
    const s = this.session.require()
    try {
      const company = await fetchCompany(s.rest)
      writeDocument(s.accountDb, companyKey(company.id), company, this.now())
      return company
    } catch (err) {
      const entityId = isOffline(err) ? readStoredWhoAmI(s.accountDb)?.currentEntity?.id : undefined
      const cached = entityId === undefined ? null : readStoredCompany(s.accountDb, entityId)
      if (cached) return cached
      throw err
    }
  }
}
