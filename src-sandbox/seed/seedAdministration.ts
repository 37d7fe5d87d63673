import type { Sqlite } from '@base/sqlite'

const stamp = '2024-09-16 15:20:00.000000'
const demoUser = 5001

/** Payroll groups of the demo companies; the second has one of its own so entity scoping shows. */
const pieceworkGroups = [
  { entity_id: 101, zid: 1, name: 'Armado de muebles', id_number: 'ARM', description: 'Pago por mueble armado en bodega' },
  { entity_id: 101, zid: 2, name: 'Corte de madera', id_number: 'CRT', description: null },
  { entity_id: 101, zid: 3, name: 'Pintura', id_number: null, description: 'Puertas y ventanas pintadas por pieza' },
  { entity_id: 102, zid: 1, name: 'Carga de camiones', id_number: 'CAR', description: null },
]

/** One dynamic table with a text and a number column, so the grid has something on first sight. */
const demoTable = {
  entity_id: 101,
  name: 'Tarifas de envío',
  columns: ['Destino', 'Tarifa'],
  types: ['text', 'number'],
  rows: [
    { Destino: 'Zona 1', Tarifa: 25 },
    { Destino: 'Mixco', Tarifa: 35.5 },
    { Destino: 'Villa Nueva', Tarifa: 40 },
  ],
}

/** Piecework type groups and a demo dynamic table. */
export function seedAdministration(db: Sqlite): void {
  const insertGroup = db.prepare(
    `INSERT INTO piecework_type_groups (entity_id, zid, name, id_number, description, creator_id, updater_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const g of pieceworkGroups) insertGroup.run(g.entity_id, g.zid, g.name, g.id_number, g.description, demoUser, demoUser, stamp, stamp)

  const table = db
    .prepare(
      'INSERT INTO webapp_tables (entity_id, name, rows_structure, rows_type, structure, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      demoTable.entity_id,
      demoTable.name,
      JSON.stringify(demoTable.columns),
      JSON.stringify(demoTable.types),
      JSON.stringify(Object.fromEntries(demoTable.columns.map((c, i) => [c, demoTable.types[i]]))),
      stamp,
      stamp,
    )
  const insertRow = db.prepare(
    'INSERT INTO webapp_table_rows (entity_id, webapp_table_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  )
  for (const row of demoTable.rows) insertRow.run(demoTable.entity_id, Number(table.lastInsertRowid), JSON.stringify(row), stamp, stamp)
}
