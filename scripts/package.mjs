#!/usr/bin/env node
/**
 * `npm run package`: the installer(s) for this OS into dist/ (Linux: AppImage
 * and deb; Windows: per-user NSIS; macOS: dmg for x64 and arm64). Needs the
 * internet: electron-builder downloads Electron, and better-sqlite3 is built
 * for it first (`npm run build:native-electron`).
 *
 * MOSTRADOR_UPDATE_URL is the update feed (a generic provider: a folder on a web
 * server holding latest*.yml and the installers). Without it the package has no
 * feed and the app does not look for updates; it says so here.
 */
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { archFromString, build, Platform } from 'electron-builder'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

for (const script of ['build', 'build:native-electron']) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) {
    console.error(`package: npm run ${script} failed`)
    process.exit(1)
  }
}

const feed = process.env.MOSTRADOR_UPDATE_URL
// What the feed lists is downloaded and installed: a feed in clear could hand out another program (the app refuses one too).
if (feed && !/^https:\/\//i.test(feed)) {
  console.error(`package: MOSTRADOR_UPDATE_URL must be https (got ${feed})`)
  process.exit(1)
}
if (!feed) console.warn('package: MOSTRADOR_UPDATE_URL is not set, so this package has no update feed (the app will not look for updates)')

try {
  const artifacts = await build({
    projectDir: root,
    // Only this machine's architecture: native/electron holds better-sqlite3 built for it alone, so a
    // package for another architecture would carry a module it cannot load. The release workflow
    // builds x64 and arm64 macOS packages on runners of each.
    targets: Platform.current().createTarget(undefined, archFromString(process.arch)),
    // Installers are uploaded by the release workflow (gh release), never from here.
    publish: 'never',
    // electron-builder.yml is read as usual; only the feed is dropped when there is none.
    config: feed ? undefined : { publish: null },
  })
  console.log(`package: wrote\n  ${artifacts.join('\n  ')}`)
} catch (error) {
  console.error(`package: ${error?.message ?? error}`)
  process.exit(1)
}
