import { join } from 'node:path'
import { homedir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { defaultLogDir } from '@core/appPaths'

describe('the default log folder', () => {
  it('is where each OS keeps a user’s logs, unless MOSTRADOR_LOG_DIR says otherwise', () => {
    expect(defaultLogDir({ XDG_STATE_HOME: '/s' }, 'linux')).toBe(join('/s', 'mostrador', 'logs'))
    expect(defaultLogDir({}, 'linux')).toBe(join(homedir(), '.local', 'state', 'mostrador', 'logs'))
    expect(defaultLogDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Logs', 'Mostrador'))
    expect(defaultLogDir({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, 'win32')).toBe(
      join('C:\\Users\\ana\\AppData\\Local', 'Mostrador', 'logs'),
    )
    expect(defaultLogDir({ MOSTRADOR_LOG_DIR: '/var/log/mostrador', XDG_STATE_HOME: '/s' }, 'linux')).toBe('/var/log/mostrador')
  })
})
