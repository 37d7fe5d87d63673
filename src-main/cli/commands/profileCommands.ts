import type { Command } from 'commander'
import type { ProfileChanges } from '@shared/administration'
import { languages } from '@shared/domain'
import { UsageError } from '../output'
import { describeWhoAmI } from './accountCommands'
import type { Run } from './runType'

/** profile show | update: the signed-in user's own record. */
export function registerProfileCommands(program: Command, run: Run): void {
  const profile = program.command('profile').description('your profile on the service')

  profile
    .command('show')
    .description('name, e-mail, language, time zone and entities')
    .action(
      run(async (ctx) => {
        await ctx.core({ signedIn: true })
        const who = await ctx.call('profile.whoami')
        ctx.out.result(who, () => describeWhoAmI(who))
      }),
    )

  profile
    .command('update')
    .description('change your name, mobile phone, language or time zone')
    .option('--name <name>')
    .option('--mobile-phone <phone>', 'an empty value removes it')
    .option('--language <lang>', languages.join(' or '))
    .option('--time-zone <zone>', 'an IANA name (America/Guatemala) or a Rails name (Central America)')
    .action(
      run(async (ctx, opts: { name?: string; mobilePhone?: string; language?: string; timeZone?: string }) => {
        if (opts.language !== undefined && !(languages as readonly string[]).includes(opts.language)) {
          throw new UsageError(`--language must be ${languages.join(' or ')}`)
        }
        const changes: ProfileChanges = {
          name: opts.name,
          mobilePhone: opts.mobilePhone,
          language: opts.language as (typeof languages)[number] | undefined,
          timeZone: opts.timeZone,
        }
        if (Object.values(changes).every((v) => v === undefined))
          throw new UsageError('nothing to change: give --name, --mobile-phone, --language or --time-zone')
        await ctx.core({ signedIn: true })
        const who = await ctx.call('profile.update', changes)
        ctx.out.result(who, () => `Profile saved.\n${describeWhoAmI(who)}`)
      }),
    )
}
