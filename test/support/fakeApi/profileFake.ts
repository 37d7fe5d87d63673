import type * as profileApi from '@core/api/profileApi'
import type { FakeService } from './fakeService'

/** The profile reads a session makes (ProfileService.whoami), answered from the fake service. */
export function profileFake(service: FakeService): Pick<typeof profileApi, 'fetchProfile' | 'fetchUserAgency'> {
  return {
    fetchProfile: () => service.read('fetchProfile', () => ({ profile: service.profile, memberships: service.memberships })),
    fetchUserAgency: () => service.read('fetchUserAgency', () => service.agency),
  }
}
