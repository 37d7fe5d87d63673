import { languages } from '@shared/domain'
import { isPlainObject, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { requestUser } from '../http/userAuth'
import { listMemberships } from '../model/memberships'
import { updateUserProfile, type ProfileChange } from '../model/users'
import { isKnownTimeZone } from '@shared/timeZones'
import { toStoredTimestamp } from '../timestamps'
import type { RouteModule } from './routeModule'
import { errorMessagesFor } from './validationMessages'

/** GET and PATCH /profile.json: who the user is and which entities they belong to. */
export const profileRoutes: RouteModule = (app, ctx) => {
  app.get('/profile.json', async (request) => {
    const user = requestUser(request)
    return {
      // mobile_phone is ours (an extension): the spec lets it be written but does not show it read back.
      profile: {
        id: user.id,
        email: user.email,
        name: user.name,
        ...(ctx.extensions ? { mobile_phone: user.mobile_phone } : {}),
        language: user.language,
        time_zone: user.time_zone,
      },
      memberships: listMemberships(ctx.store.db, user.id).map((m) => ({
        id: m.id,
        current: m.current === 1,
        active: m.active === 1,
        entity: { id: m.entity_id, name: m.entity_name },
      })),
    }
  })

  app.patch('/profile.json', async (request, reply) => {
    const user = requestUser(request)
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.user)) return sendMissingParam(reply, 'user')
    const input = body.user
    const errors = errorMessagesFor()
    const change: ProfileChange = {}

    if (input.name !== undefined) {
      if (typeof input.name !== 'string' || input.name.trim() === '') errors.add('name', "can't be blank")
      else change.name = input.name.trim()
    }
    if (input.mobile_phone !== undefined) {
      if (input.mobile_phone !== null && typeof input.mobile_phone !== 'string') errors.add('mobile_phone', 'is invalid')
      else change.mobile_phone = input.mobile_phone === null || input.mobile_phone.trim() === '' ? null : input.mobile_phone.trim()
    }
    if (input.language !== undefined) {
      if (typeof input.language !== 'string' || !(languages as readonly string[]).includes(input.language)) {
        errors.add('language', `is not included in the list (${languages.join(', ')})`)
      } else change.language = input.language
    }
    if (input.time_zone !== undefined) {
      if (typeof input.time_zone !== 'string' || !isKnownTimeZone(input.time_zone)) {
        errors.add(
          'time_zone',
          'is not included in the list (an IANA zone such as America/Guatemala or a Rails name such as Central America)',
        )
      } else change.time_zone = input.time_zone
    }

    if (errors.any()) return sendValidationErrors(reply, errors.fields)
    updateUserProfile(ctx.store.db, user.id, change, toStoredTimestamp(ctx.clock.now()))
    return {}
  })
}
