import type { supportRequests } from '@shared/contract/support'
import type { AreaHandlers, CoreParts } from './parts'

/** Help and updates. Assembled in core/createCore.ts. */
export function supportHandlers({ support, updates }: CoreParts): AreaHandlers<typeof supportRequests> {
  return {
    'support.doctor': () => support.doctor(),
    'support.serviceCheck': () => support.serviceCheck(),
    'support.bundle': ({ includeData, includeSetAside }) => support.bundleFile(includeData, includeSetAside),
    'support.dataNotices': async () => support.notices(),
    'updates.status': async () => updates.status(),
    'updates.install': async () => updates.install(),
    'updates.setEnabled': async ({ enabled }) => updates.setEnabled(enabled),
  }
}
