// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { VueWrapper } from '@vue/test-utils'
import { AppError } from '@shared/errors'
import { answers, resetApiStandIn, sent } from '../../../support/renderer/apiStandIn'
import { mountInApp } from '../../../support/renderer/mountInApp'

// The GraphQL console against a stand-in of the API client; its schema's read is refused, as a service without
// introspection does, and the console works without it.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))
const GraphqlConsoleView = (await import('@renderer/areas/admin/views/GraphqlConsoleView.vue')).default

let mounted: VueWrapper | null = null
beforeEach(() => {
  resetApiStandIn()
  answers.set('graphql.tokenValidity', () => ({ expiresAt: null }))
})
afterEach(() => {
  mounted?.unmount()
  mounted = null
})
const byTestId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const runs = () => sent.filter((r) => r.name === 'graphql.query' && !(r.input as { query: string }).query.includes('__schema'))

describe('the GraphQL console', () => {
  it('shows a failed run alone: the previous run’s table does not stand under its error as if it were its answer', async () => {
    let fail = false
    answers.set('graphql.query', (input) => {
      if ((input as { query: string }).query.includes('__schema')) return { data: null, errors: [{ message: 'no introspection' }] }
      if (fail) throw new AppError('network')
      return {
        data: {
          items: [
            { id: 1, code: 'ART-1' },
            { id: 2, code: 'ART-2' },
          ],
        },
      }
    })
    mounted = mountInApp(GraphqlConsoleView, {}).wrapper
    await nextTick()
    byTestId('graphql-run')!.click()
    await vi.waitFor(() => expect(byTestId('graphql-table')).not.toBeNull())

    fail = true
    byTestId('graphql-run')!.click()
    await vi.waitFor(() => expect(runs()).toHaveLength(2))
    await vi.waitFor(() => expect(byTestId('graphql-failure')).not.toBeNull())
    expect(byTestId('graphql-table')).toBeNull()
  })
})
