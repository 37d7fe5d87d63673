import type { UpdatesMessages } from './updates.es'

/** Updates of the desktop app (English). */
const updates: UpdatesMessages = {
  updates: {
    ready: 'Version {version} ready',
    install: 'Install and restart',
    downloading: 'Downloading version {version}… {percent} %',
    blocked:
      'Some bookings are not sent: {waiting} waiting, {failed} refused, {conflicts} in conflict. Send or settle them in the sync centre before installing.',
    installConfirm: 'Mostrador will close and open again with the new version.',
    screenUnavailable: 'This screen could not be opened',
    screenUnavailableNamed: 'Could not open “{screen}”',
    screenUnavailableHint:
      'Its code did not load, not even after loading the page again. If Mostrador was just updated, close it and open it again; what is not sent yet stays saved.',
    settingsMenu: 'Settings',
    settingsTitle: 'Settings',
    autoUpdates: 'Automatic updates',
    autoUpdatesHint:
      'Looks for new versions at start and every 4 hours and downloads them in the background. They are never installed without your consent or with bookings unsent.',
    statusUnread: 'The state of updates could not be read',
    state: {
      off: 'Off',
      idle: 'Up to date',
      checking: 'Checking for updates…',
      downloading: 'Downloading…',
      ready: 'Ready to install',
      error: 'Could not check for updates',
    },
    offReason: {
      not_desktop: 'Updates are handled by the desktop app.',
      no_feed: 'This build has no update address.',
      insecure_feed: "This build's update address is not https: it is not used.",
      disabled: 'Turned off on this computer.',
      policy: 'Turned off by the administrator (MOSTRADOR_UPDATES=off).',
    },
  },
}

export default updates
