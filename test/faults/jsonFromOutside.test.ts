import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { appVersion } from '../../src-main/core/appPaths'
import { electronBuildInfoFile, electronNativeDir, electronNativeFile, electronSqliteBinding } from '../../src-main/electron/nativeBinding'
import { cli } from '../support/cliRun'
import { tempDirInTest } from '../support/tempDir'

// Issue 31, item 3: JSON that comes from outside the program (a file on disk, a command-line argument) is
// parsed against its shape. Text of another shape is refused with a message that names what is wrong,
// never believed as if it had the shape and left to crash (or to mislead) further on.
let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

const asUser = () => ({ MOSTRADOR_EMAIL: sandbox.users[0]!.email, MOSTRADOR_TOKEN: sandbox.users[0]!.token })

describe('JSON read from outside the program', () => {
  it("graphql's --variables must be a JSON object: an array is a usage error before the service is asked", async () => {
    const res = await cli(['--server', sandbox.url, '--json', 'graphql', '{ items { id } }', '--variables', '[1, 2]'], asUser())
    expect(res.code).toBe(2)
    expect(JSON.parse(res.stdout)).toMatchObject({ error: { code: 'usage', message: expect.stringMatching(/--variables.*object/) } })
  })

  it('a package.json without a version is said so, not read as an undefined version', () => {
    const root = tempDirInTest()
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'mostrador' }))
    expect(() => appVersion(root)).toThrow(/package\.json.*version/)
  })

  it("a native build's info file holding null is reported as unreadable, not a crash on null", () => {
    const app = tempDirInTest()
    const dir = join(app, electronNativeDir)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, electronNativeFile), '')
    writeFileSync(join(dir, electronBuildInfoFile), 'null')
    const runtime = { electron: '39.0.0', platform: process.platform, arch: process.arch }
    expect(() => electronSqliteBinding(app, runtime)).toThrow(new RegExp(`no readable ${electronBuildInfoFile}`))
  })
})
