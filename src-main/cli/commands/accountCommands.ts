import type { Command } from 'commander'
import { z } from 'zod'
import type { WhoAmI } from '@shared/domain'
import { UsageError } from '../output'
import { readSecret } from '../readSecret'

import type { Run } from './runType'

/** login, logout, whoami, entity use, company, graphql. */
export function registerAccountCommands(program: Command, run: Run): void {
  registerLogin(program, run)
  registerLogout(program, run)
  registerWhoAmI(program, run)
  registerEntityUse(program, run)
  registerCompany(program, run)
  registerGraphql(program, run)
}

function registerLogin(program: Command, run: Run): void {
  program
    .command('login')
    .description('sign in: reads the token from standard input and keeps it in the OS keychain')
    .requiredOption('--email <email>', 'your e-mail address on the service')
    .action(
      run(async (ctx, opts: { email: string }) => {
        const serverUrl = ctx.global.server
        if (!serverUrl) throw new UsageError('login needs --server URL')
        const token = await readSecret('Token: ')
        if (!token) throw new UsageError('no token on standard input')
        const status = await ctx.call('session.signIn', { serverUrl, email: opts.email, token, insecureHttp: ctx.global.insecureHttp })
        ctx.out.result(status, () => `Signed in to ${serverUrl} as ${opts.email}.`)
      }),
    )
}

function registerLogout(program: Command, run: Run): void {
  program
    .command('logout')
    .description('sign out and remove the token from the keychain')
    .action(
      run(async (ctx) => {
        const status = await ctx.call('session.signOut')
        ctx.out.result(status, () => 'Signed out.')
      }),
    )
}

function registerWhoAmI(program: Command, run: Run): void {
  program
    .command('whoami')
    .description('your profile, memberships, current entity and agency')
    .action(
      run(async (ctx) => {
        await ctx.core({ signedIn: true })
        const who = await ctx.call('profile.whoami')
        ctx.out.result(who, () => describeWhoAmI(who))
      }),
    )
}

function registerEntityUse(program: Command, run: Run): void {
  program
    .command('entity')
    .description('entities (companies) you belong to')
    .command('use <id>')
    .description('make entity ID your current entity')
    .action(
      run(async (ctx, id: string) => {
        const entityId = Number(id)
        if (!Number.isInteger(entityId) || entityId <= 0) throw new UsageError(`not an entity id: ${id}`)
        await ctx.core({ signedIn: true })
        const who = await ctx.call('entity.switch', { entityId })
        ctx.out.result(who, () => `Current entity: ${who.currentEntity?.name} (${who.currentEntity?.id})`)
      }),
    )
}

function registerCompany(program: Command, run: Run): void {
  program
    .command('company')
    .description("the current entity's company record")
    .action(
      run(async (ctx) => {
        await ctx.core({ signedIn: true })
        const company = await ctx.call('company.get')
        ctx.out.result(company, () =>
          Object.entries(company)
            .filter(([, v]) => v !== null && typeof v !== 'object')
            .map(([k, v]) => `${k}: ${String(v)}`)
            .join('\n'),
        )
      }),
    )
}

function registerGraphql(program: Command, run: Run): void {
  program
    .command('graphql <query>')
    .description('run a GraphQL query against the service (the JWT is handled for you)')
    .option('--variables <json>', 'variables as a JSON object')
    .action(
      run(async (ctx, query: string, opts: { variables?: string }) => {
        const variables = opts.variables === undefined ? undefined : parseVariables(opts.variables)
        await ctx.core({ signedIn: true })
        const result = await ctx.call('graphql.query', { query, variables })
        ctx.out.result(result, () => JSON.stringify(result, null, 2))
        if (result.errors?.length) process.exitCode = 1
      }),
    )
}

const variablesObject = z.record(z.string(), z.unknown())

/** GraphQL's variables are one object of names; any other JSON is the caller's mistake, said before the service is asked. */
function parseVariables(text: string): Record<string, unknown> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new UsageError('--variables is not valid JSON')
  }
  const parsed = variablesObject.safeParse(json)
  if (!parsed.success) throw new UsageError('--variables must be a JSON object of variable names, e.g. {"n": 2}')
  return parsed.data
}

export function describeWhoAmI(who: WhoAmI): string {
  const lines = [
    `${who.profile.name} <${who.profile.email}>${who.fromCache ? '  (offline: last known)' : ''}`,
    `language ${who.profile.language}, time zone ${who.profile.timeZone}`,
    `agency: ${who.agency ? `${who.agency.name} (${who.agency.id})` : 'none'}`,
    'entities:',
    ...who.memberships.map((m) => `  ${m.current ? '*' : ' '} ${m.entity.id}  ${m.entity.name}${m.active ? '' : '  (inactive)'}`),
  ]
  return lines.join('\n')
}
