import type { Command } from 'commander'
import type { PieceworkTypeGroup, PieceworkTypeGroupInput } from '@shared/administration'
import { UsageError } from '../output'
import { positiveInt } from './arguments'
import type { Run } from './runType'

const line = (g: PieceworkTypeGroup) =>
  `${String(g.id).padStart(8)}  ${(g.idNumber ?? '').padEnd(10)} ${g.name}${g.description ? `  — ${g.description}` : ''}`

/** piecework-groups list | show | create | update | delete: payroll's piecework type groups. */
export function registerPieceworkCommands(program: Command, run: Run): void {
  const groups = program.command('piecework-groups').description('piecework type groups (payroll settings)')

  groups.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const list = await ctx.call('pieceworkGroups.list')
      ctx.out.result(list, () => (list.length ? list.map(line).join('\n') : 'No piecework type groups.'))
    }),
  )

  groups.command('show <id>').action(
    run(async (ctx, id: string) => {
      const groupId = positiveInt(id, 'the group id')
      await ctx.core({ signedIn: true })
      const g = await ctx.call('pieceworkGroups.get', { id: groupId })
      ctx.out.result(g, () => [`${g.name}  (id ${g.id})`, `code: ${g.idNumber ?? '-'}`, `description: ${g.description ?? '-'}`].join('\n'))
    }),
  )

  groups
    .command('create')
    .requiredOption('--name <name>')
    .option('--code <code>', 'optional code (id_number)')
    .option('--description <text>')
    .action(
      run(async (ctx, opts: { name: string; code?: string; description?: string }) => {
        await ctx.core({ signedIn: true })
        const g = await ctx.call('pieceworkGroups.create', { name: opts.name, idNumber: opts.code, description: opts.description })
        ctx.out.result(g, () => `Created ${g.name} (id ${g.id}).`)
      }),
    )

  groups
    .command('update <id>')
    .option('--name <name>')
    .option('--code <code>', 'an empty value removes it')
    .option('--description <text>', 'an empty value removes it')
    .action(
      run(async (ctx, id: string, opts: { name?: string; code?: string; description?: string }) => {
        const groupId = positiveInt(id, 'the group id')
        const changes: Partial<PieceworkTypeGroupInput> = { name: opts.name, idNumber: opts.code, description: opts.description }
        if (Object.values(changes).every((v) => v === undefined))
          throw new UsageError('nothing to change: give --name, --code or --description')
        await ctx.core({ signedIn: true })
        const g = await ctx.call('pieceworkGroups.update', { id: groupId, changes })
        ctx.out.result(g, () => `Saved ${g.name} (id ${g.id}).`)
      }),
    )

  groups.command('delete <id>').action(
    run(async (ctx, id: string) => {
      const groupId = positiveInt(id, 'the group id')
      await ctx.core({ signedIn: true })
      const done = await ctx.call('pieceworkGroups.delete', { id: groupId })
      ctx.out.result(done, () => `Deleted group ${groupId}.`)
    }),
  )
}
