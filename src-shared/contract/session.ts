import { z } from 'zod'
import { company, connectionState, preferences, preferencesPatch, runner, sessionStatus, whoAmI } from '../domain'
import { none, url, entry } from './entry'
import { recordId } from '../patternSchemas'
import { entityCurrency } from '../purchasing'

/** The frame: the app, the session, the connection, the entity and the preferences. Assembled in src-shared/contract.ts. */
export const sessionRequests = {
  'app.info': entry(none, z.object({ version: z.string(), runner, trainingAvailable: z.boolean() })),
  'session.status': entry(none, sessionStatus),
  'session.signIn': entry(
    z.object({
      serverUrl: url,
      email: z.string().trim().max(254).email(),
      token: z.string().trim().min(1).max(4096),
      /** A lab's explicit opt-in to plain http on another computer (the token then travels in clear). */
      insecureHttp: z.boolean().optional(),
    }),
    sessionStatus,
  ),
  'session.startTraining': entry(none, sessionStatus),
  'session.resetTraining': entry(none, sessionStatus),
  /** Training's "Simular sin conexión": `up: false` makes the training service refuse connections, as a dropped line does. */
  'session.trainingLine': entry(z.object({ up: z.boolean() }), sessionStatus),
  'session.signOut': entry(none, sessionStatus),
  'connection.status': entry(none, connectionState),
  'profile.whoami': entry(none, whoAmI),
  'entity.switch': entry(z.object({ entityId: recordId }), whoAmI),
  'company.get': entry(none, company),
  /** The entity's currency, whose country writes numbers and dates on every screen; offline, the last one read. */
  'company.currency': entry(none, entityCurrency.nullable()),
  'preferences.get': entry(none, preferences),
  'preferences.set': entry(preferencesPatch, preferences),
} as const
