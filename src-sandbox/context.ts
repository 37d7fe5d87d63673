import type { SandboxClock } from './clock'
import type { FaultInjector } from './faults'
import type { GraphqlExecutor } from './graphql/executeGraphql'
import type { TableRegistry } from './graphql/tableDescription'
import type { SandboxStore } from './store/sandboxStore'

/** What every route module of a running sandbox shares. */
export interface SandboxContext {
  store: SandboxStore
  clock: SandboxClock
  faults: FaultInjector
  graphql: GraphqlExecutor
  tables: TableRegistry
  /** Serve what only the sandbox has (ADDITIONS.md, "Extensions"); off, only what the real service offers. */
  extensions: boolean
}
