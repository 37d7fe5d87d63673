/**
 * What the bundle seed combines: per entity, a few showcase bundles with fixed
 * names and roles (the facts tests and demos rely on, see bundleFacts.ts),
 * then generated ones built from the entity's categories.
 */
export interface ShowcaseBundle {
  code: string
  name: string
  /** Static bundles take their first components from this category; a dynamic one is built from it. */
  category: string
  dynamic: boolean
  /** Component quantities for the category's first items (static bundles). */
  quantities: readonly string[]
  tags: readonly string[]
  description: string
}

export interface BundleTemplate {
  entityId: number
  /** Bundle codes are `<codePrefix>-<zid>`. */
  codePrefix: string
  /** A company number of its own, three digits so that 100,000 bundles fit the item reference. */
  gs1Prefix: string
  companyNumber: string
  /** Users that edit this entity's bundles. */
  updaters: readonly number[]
  kinds: readonly string[]
  qualifiers: readonly string[]
  units: readonly string[]
  tags: readonly string[]
  /** zid 1, 2, 3…: the first has movements, the second is dynamic, the third can be deleted. */
  showcase: readonly ShowcaseBundle[]
}

export const bundleColors: readonly string[] = [
  '#FFFFFF',
  '#1E88E5',
  '#43A047',
  '#E53935',
  '#FB8C00',
  '#8E24AA',
  '#00897B',
  '#FDD835',
  '#6D4C41',
  '#546E7A',
  '#D81B60',
  '#3949AB',
]

export const bundleTemplates: readonly BundleTemplate[] = [
  {
    entityId: 101,
    codePrefix: 'PAQ',
    gs1Prefix: '740',
    companyNumber: '910',
    updaters: [5001, 5002],
    kinds: ['Kit de', 'Combo de', 'Paquete de', 'Set de', 'Surtido de'],
    qualifiers: ['básico', 'profesional', 'para el hogar', 'económico', 'completo', 'inicial', 'de temporada', 'industrial'],
    units: ['kit', 'juego', 'paquete', 'unidad'],
    tags: ['oferta', 'más vendido', 'nuevo', 'temporada', 'ecommerce', 'liquidación', 'regalo', 'profesional', 'hogar', 'obra gris'],
    showcase: [
      {
        code: 'PAQ-00001',
        name: 'Kit de instalación eléctrica',
        category: 'Electricidad',
        dynamic: false,
        quantities: ['2.0', '1.0', '3.5'],
        tags: ['oferta', 'más vendido'],
        description: 'Todo lo necesario para una instalación eléctrica residencial.',
      },
      {
        code: 'PAQ-00002',
        name: 'Surtido de tornillería',
        category: 'Tornillería',
        dynamic: true,
        quantities: [],
        tags: ['temporada'],
        description: 'El cliente elige los productos de tornillería con existencia en la tienda.',
      },
      {
        code: 'PAQ-00003',
        name: 'Combo de pintura para fachada',
        category: 'Pinturas',
        dynamic: false,
        quantities: ['1.0', '2.0'],
        tags: ['nuevo'],
        description: 'Pintura y sellador para una fachada de tamaño medio.',
      },
    ],
  },
  {
    entityId: 102,
    codePrefix: 'CMB',
    gs1Prefix: '740',
    companyNumber: '920',
    updaters: [5001, 5003],
    kinds: ['Canasta de', 'Combo de', 'Paquete de', 'Surtido de', 'Promoción de'],
    qualifiers: ['familiar', 'económica', 'del mes', 'para tienda', 'mayorista', 'de temporada'],
    units: ['paquete', 'caja', 'fardo', 'unidad'],
    tags: ['oferta', 'más vendido', 'nuevo', 'canasta básica', 'mayoreo', 'temporada', 'ruta'],
    showcase: [
      {
        code: 'CMB-00001',
        name: 'Canasta básica familiar',
        category: 'Abarrotes',
        dynamic: false,
        quantities: ['5.0', '2.0', '1.5', '1.0'],
        tags: ['canasta básica', 'más vendido'],
        description: 'Abarrotes para una familia durante una semana.',
      },
      {
        code: 'CMB-00002',
        name: 'Surtido de bebidas',
        category: 'Bebidas',
        dynamic: true,
        quantities: [],
        tags: ['temporada'],
        description: 'Bebidas a elección entre las que hay en la bodega.',
      },
      {
        code: 'CMB-00003',
        name: 'Kit de limpieza del hogar',
        category: 'Limpieza',
        dynamic: false,
        quantities: ['1.0', '1.0', '2.0'],
        tags: ['nuevo'],
        description: 'Productos de limpieza para la casa.',
      },
    ],
  },
]
