import type { Command } from 'commander'
import { documentTypes, type DocumentType } from '@shared/administration'
import { UsageError } from '../output'
import type { Run } from './runType'

/** documents structure TYPE: the fields a document type has. */
export function registerDocumentCommands(program: Command, run: Run): void {
  program
    .command('documents')
    .description('document reference structures')
    .command('structure <type>')
    .description(`fields of a document type: ${documentTypes.join(', ')}`)
    .action(
      run(async (ctx, type: string) => {
        if (!(documentTypes as readonly string[]).includes(type))
          throw new UsageError(`unknown document type ${type}; one of ${documentTypes.join(', ')}`)
        await ctx.core({ signedIn: true })
        const s = await ctx.call('documentStructures.get', { type: type as DocumentType })
        ctx.out.result(s, () =>
          s.fields
            .map(
              (f) =>
                `${f.name.padEnd(24)} ${f.type.padEnd(9)} ${f.required ? 'required' : 'optional'}  default ${f.default === null ? '-' : JSON.stringify(f.default)}`,
            )
            .join('\n'),
        )
      }),
    )
}
