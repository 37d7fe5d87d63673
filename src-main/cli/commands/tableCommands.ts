import type { Command } from 'commander'
import { columnTypes, rowData, type DynamicTable, type TableColumn, type TableRow } from '@shared/administration'
import { UsageError } from '../output'
import { collect, positiveInt } from './arguments'
import type { Run } from './runType'

/** `NAME:text` or `NAME:number`; the name may itself hold colons, the type is after the last. */
function column(spec: string): TableColumn {
  const at = spec.lastIndexOf(':')
  const name = at > 0 ? spec.slice(0, at).trim() : ''
  const type = spec.slice(at + 1)
  if (!name || !(columnTypes as readonly string[]).includes(type))
    throw new UsageError(`--column must look like NAME:text or NAME:number, got ${spec}`)
  return { name, type: type as TableColumn['type'] }
}

const tableLine = (t: DynamicTable) =>
  `${String(t.id).padStart(8)}  ${t.name}  (${t.columns.map((c) => `${c.name}:${c.type}`).join(', ')})${t.rowsCount === null ? '' : `  ${t.rowsCount} rows`}`

function rowsText(table: DynamicTable, rows: TableRow[]): string {
  const header = ['id', ...table.columns.map((c) => c.name)]
  const body = rows.map((r) => [
    String(r.id),
    ...table.columns.map((c) => (r.data[c.name] === null || r.data[c.name] === undefined ? '' : String(r.data[c.name]))),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [fmt(header), ...body.map(fmt)].join('\n')
}

/** tables list | create | update | delete | rows | add-row: dynamic tables (WebApp Tables). */
export function registerTableCommands(program: Command, run: Run): void {
  const tables = program.command('tables').description('dynamic tables (WebApp Tables)')
  registerList(tables, run)
  registerCreate(tables, run)
  registerRename(tables, run)
  registerDelete(tables, run)
  registerRows(tables, run)
  registerAddRow(tables, run)
}

function registerList(tables: Command, run: Run): void {
  tables.command('list').action(
    run(async (ctx) => {
      await ctx.core({ signedIn: true })
      const list = await ctx.call('dynamicTables.list')
      ctx.out.result(list, () => (list.length ? list.map(tableLine).join('\n') : 'No dynamic tables.'))
    }),
  )
}

function registerCreate(tables: Command, run: Run): void {
  tables
    .command('create')
    .requiredOption('--name <name>')
    .option('--column <NAME:TYPE>', 'a column, text or number; repeat for more', collect)
    .action(
      run(async (ctx, opts: { name: string; column?: string[] }) => {
        const columns = (opts.column ?? []).map(column)
        if (columns.length === 0) throw new UsageError('give at least one --column NAME:text or NAME:number')
        await ctx.core({ signedIn: true })
        const t = await ctx.call('dynamicTables.create', { name: opts.name, columns })
        ctx.out.result(t, () => `Created ${tableLine(t).trim()}`)
      }),
    )
}

function registerRename(tables: Command, run: Run): void {
  tables
    .command('update <id>')
    .description('rename a table')
    .requiredOption('--name <name>')
    .action(
      run(async (ctx, id: string, opts: { name: string }) => {
        const tableId = positiveInt(id, 'the table id')
        await ctx.core({ signedIn: true })
        const t = await ctx.call('dynamicTables.rename', { id: tableId, name: opts.name })
        ctx.out.result(t, () => `Renamed: ${tableLine(t).trim()}`)
      }),
    )
}

function registerDelete(tables: Command, run: Run): void {
  tables
    .command('delete <id>')
    .description('delete a table and its rows')
    .action(
      run(async (ctx, id: string) => {
        const tableId = positiveInt(id, 'the table id')
        await ctx.core({ signedIn: true })
        const done = await ctx.call('dynamicTables.delete', { id: tableId })
        ctx.out.result(done, () => `Deleted table ${tableId}.`)
      }),
    )
}

function registerRows(tables: Command, run: Run): void {
  tables
    .command('rows <id>')
    .description("a table's rows, read through GraphQL")
    .action(
      run(async (ctx, id: string) => {
        const tableId = positiveInt(id, 'the table id')
        await ctx.core({ signedIn: true })
        const result = await ctx.call('dynamicTables.rows', { id: tableId })
        ctx.out.result(result, () => rowsText(result.table, result.rows))
      }),
    )
}

function registerAddRow(tables: Command, run: Run): void {
  tables
    .command('add-row <id>')
    .requiredOption('--data <json>', 'the row as a JSON object by column name, e.g. {"Destino": "Norte", "Tarifa": 12.5}')
    .action(
      run(async (ctx, id: string, opts: { data: string }) => {
        const tableId = positiveInt(id, 'the table id')
        let parsed: unknown
        try {
          parsed = JSON.parse(opts.data)
        } catch {
          throw new UsageError('--data is not valid JSON')
        }
        const data = rowData.safeParse(parsed)
        if (!data.success) throw new UsageError('--data must be a JSON object whose values are text, numbers or null')
        await ctx.core({ signedIn: true })
        const row = await ctx.call('dynamicTables.addRow', { tableId, data: data.data })
        ctx.out.result(row, () => `Added row ${row.id}.`)
      }),
    )
}
