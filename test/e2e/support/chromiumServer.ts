import type { TestProject } from 'vitest/node'
import { launchChromiumServer } from './browser'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (the whole browser), for `openApp`; absent outside the e2e project. */
    chromiumEndpoint?: string
  }
}

/** The e2e project's globalSetup: one Chromium for every test file, closed when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchChromiumServer('browser')
  project.provide('chromiumEndpoint', server.wsEndpoint)
  return () => server.close()
}
