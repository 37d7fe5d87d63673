import type { sessionRequests } from '@shared/contract/session'
import type { AreaHandlers, CoreParts } from './parts'

/** The frame: the app, the session, the connection, the entity and the preferences. Assembled in core/createCore.ts. */
export function sessionHandlers({ options, settings, session, profile, connection }: CoreParts): AreaHandlers<typeof sessionRequests> {
  return {
    'app.info': async () => ({ version: options.version, runner: options.runner, trainingAvailable: !!options.training }),
    'session.status': async () => session.status(),
    'session.signIn': (input) => session.signIn(input),
    'session.startTraining': () => session.startTraining(),
    'session.resetTraining': () => session.resetTraining(),
    'session.trainingLine': async ({ up }) => {
      const status = await session.setTrainingLine(up)
      // The app learns of it as of a real line: by asking the service, which now refuses or answers.
      await connection.check()
      return status
    },
    'session.signOut': () => session.signOut(),
    'connection.status': async () => connection.status(),
    'profile.whoami': () => profile.whoami(),
    'entity.switch': ({ entityId }) => profile.switchEntity(entityId),
    'company.get': () => profile.company(),
    'company.currency': () => profile.currency(),
    'preferences.get': async () => settings.get().preferences,
    'preferences.set': async (change) => settings.setPreferences(change),
  }
}
