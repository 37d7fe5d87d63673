import type { Command } from 'commander'
import { registerDocumentCommands } from './documentCommands'
import { registerPieceworkCommands } from './pieceworkCommands'
import { registerProfileCommands } from './profileCommands'
import type { Run } from './runType'
import { registerTableCommands } from './tableCommands'

/** Administration and apps: profile, piecework-groups, documents, tables. */
export function registerAdministrationCommands(program: Command, run: Run): void {
  registerProfileCommands(program, run)
  registerPieceworkCommands(program, run)
  registerDocumentCommands(program, run)
  registerTableCommands(program, run)
}
