/**
 * Words the catalogue seed combines into item names. A hardware store for the
 * first entity and a consumer-goods distributor for the second, so lots with
 * expiry dates show up where a counter would expect them.
 */
export interface CategoryTemplate {
  name: string
  /** Item codes are `<prefix>-<zid>`. */
  prefix: string
  /** Perishable items get dated lots; the others one undated lot. */
  perishable: boolean
  units: readonly string[]
  /** Units measured in fractions (metres, kilos) get fractional stock. */
  fractional: boolean
  products: readonly string[]
  variants: readonly string[]
  sizes: readonly string[]
  price: readonly [number, number]
}

export interface CatalogueTemplate {
  entityId: number
  /** GS1 prefix 740 is Guatemala's; the company number keeps the two entities' barcodes apart. */
  gs1Prefix: string
  companyNumber: string
  brands: readonly string[]
  categories: readonly CategoryTemplate[]
}

export const catalogueTemplates: readonly CatalogueTemplate[] = [
  {
    entityId: 101,
    gs1Prefix: '740',
    companyNumber: '3158',
    brands: ['Acero Azul', 'Quetzal', 'Fuerte', 'Maya Pro', 'El Mostrador', 'Volcán', 'Ceiba'],
    categories: [
      {
        name: 'Tornillería',
        prefix: 'TOR',
        perishable: false,
        units: ['unidad', 'caja'],
        fractional: false,
        products: [
          'Tornillo para madera',
          'Tornillo para tablayeso',
          'Perno hexagonal',
          'Tuerca hexagonal',
          'Arandela plana',
          'Clavo de acero',
          'Tarugo plástico',
          'Remache pop',
        ],
        variants: ['galvanizado', 'inoxidable', 'zincado', 'negro', 'de bronce'],
        sizes: ['1/4"', '3/8"', '1/2"', '3/4"', '1"', '1 1/2"', '2"', '3"'],
        price: [0.5, 45],
      },
      {
        name: 'Herramientas',
        prefix: 'HER',
        perishable: false,
        units: ['unidad'],
        fractional: false,
        products: [
          'Martillo',
          'Destornillador plano',
          'Destornillador Phillips',
          'Alicate',
          'Llave ajustable',
          'Sierra de arco',
          'Cinta métrica',
          'Nivel de burbuja',
          'Formón',
          'Juego de llaves Allen',
        ],
        variants: ['mango de fibra', 'mango de madera', 'profesional', 'económico', 'cromado'],
        sizes: ['6"', '8"', '10"', '12"', '16 oz', '5 m', '8 m'],
        price: [25, 650],
      },
      {
        name: 'Electricidad',
        prefix: 'ELE',
        perishable: false,
        units: ['unidad', 'metro', 'rollo'],
        fractional: true,
        products: [
          'Cable THHN',
          'Interruptor sencillo',
          'Tomacorriente doble',
          'Caja rectangular',
          'Cinta aislante',
          'Breaker',
          'Extensión eléctrica',
          'Foco LED',
        ],
        variants: ['blanco', 'negro', 'rojo', 'industrial', 'residencial'],
        sizes: ['calibre 12', 'calibre 14', '15 A', '20 A', '9 W', '12 W', '3 m'],
        price: [3, 320],
      },
      {
        name: 'Plomería',
        prefix: 'PLO',
        perishable: false,
        units: ['unidad', 'metro'],
        fractional: true,
        products: [
          'Tubo PVC',
          'Codo PVC 90°',
          'Tee PVC',
          'Llave de paso',
          'Cinta teflón',
          'Sifón flexible',
          'Llave de chorro',
          'Flotador para tinaco',
        ],
        variants: ['presión', 'drenaje', 'de bronce', 'cromado', 'plástico'],
        sizes: ['1/2"', '3/4"', '1"', '2"', '3"', '4"'],
        price: [2.5, 280],
      },
      {
        name: 'Pinturas',
        prefix: 'PIN',
        perishable: true,
        units: ['galón', 'cubeta', 'litro'],
        fractional: false,
        products: ['Pintura látex', 'Esmalte sintético', 'Anticorrosivo', 'Sellador', 'Barniz', 'Thinner'],
        variants: ['blanco', 'negro', 'rojo óxido', 'gris perla', 'azul marino', 'verde bosque', 'beige arena'],
        sizes: ['1/4 galón', '1 galón', '5 galones', '1 litro'],
        price: [35, 1150],
      },
      {
        name: 'Adhesivos y selladores',
        prefix: 'ADH',
        perishable: true,
        units: ['unidad', 'tubo'],
        fractional: false,
        products: ['Silicón', 'Pegamento de contacto', 'Epóxico de dos componentes', 'Masilla para madera', 'Pegamento PVC'],
        variants: ['transparente', 'blanco', 'gris', 'secado rápido', 'alta temperatura'],
        sizes: ['25 ml', '118 ml', '280 ml', '1/4 galón'],
        price: [12, 185],
      },
      {
        name: 'Construcción',
        prefix: 'CON',
        perishable: true,
        units: ['saco', 'unidad', 'quintal'],
        fractional: false,
        products: ['Cemento gris', 'Cal hidratada', 'Mortero premezclado', 'Pegamento para piso', 'Impermeabilizante'],
        variants: ['uso general', 'alta resistencia', 'blanco', 'fraguado rápido'],
        sizes: ['25 kg', '42.5 kg', '20 kg', '4 litros'],
        price: [45, 420],
      },
      {
        name: 'Jardinería',
        prefix: 'JAR',
        perishable: false,
        units: ['unidad', 'metro'],
        fractional: true,
        products: ['Manguera', 'Pala cuadrada', 'Rastrillo', 'Tijera de podar', 'Aspersor', 'Carretilla'],
        variants: ['reforzada', 'liviana', 'de acero', 'plástica'],
        sizes: ['1/2"', '5/8"', '15 m', '30 m', 'mediana', 'grande'],
        price: [18, 890],
      },
      {
        name: 'Seguridad industrial',
        prefix: 'SEG',
        perishable: false,
        units: ['unidad', 'par'],
        fractional: false,
        products: ['Guantes de cuero', 'Lentes de seguridad', 'Casco', 'Chaleco reflectivo', 'Botas de hule', 'Tapones auditivos'],
        variants: ['amarillo', 'naranja', 'blanco', 'transparente', 'reforzado'],
        sizes: ['talla S', 'talla M', 'talla L', 'talla XL', 'único'],
        price: [8, 375],
      },
      {
        name: 'Cerrajería',
        prefix: 'CER',
        perishable: false,
        units: ['unidad', 'juego'],
        fractional: false,
        products: ['Candado', 'Chapa de pomo', 'Bisagra', 'Cerrojo', 'Cilindro de seguridad'],
        variants: ['latón', 'acero', 'níquel satinado', 'bronce antiguo'],
        sizes: ['30 mm', '40 mm', '50 mm', '3"', '4"'],
        price: [15, 540],
      },
    ],
  },
  {
    entityId: 102,
    gs1Prefix: '740',
    companyNumber: '8624',
    brands: ['La Ceiba', 'Don Chepe', 'Sabor Chapín', 'Lago Azul', 'Altiplano', 'Mostrador'],
    categories: [
      {
        name: 'Bebidas',
        prefix: 'BEB',
        perishable: true,
        units: ['unidad', 'fardo'],
        fractional: false,
        products: ['Agua pura', 'Jugo de naranja', 'Refresco de cola', 'Bebida isotónica', 'Té frío', 'Horchata'],
        variants: ['natural', 'light', 'sin azúcar', 'sabor limón', 'sabor uva'],
        sizes: ['355 ml', '600 ml', '1.5 L', '2.5 L', 'fardo 12 u', 'fardo 24 u'],
        price: [3.5, 95],
      },
      {
        name: 'Abarrotes',
        prefix: 'ABA',
        perishable: true,
        units: ['libra', 'kilogramo', 'quintal', 'unidad'],
        fractional: true,
        products: ['Arroz', 'Frijol negro', 'Azúcar', 'Harina de maíz', 'Aceite vegetal', 'Pasta espagueti', 'Sal yodada', 'Café molido'],
        variants: ['blanco', 'integral', 'extra', 'económico', 'premium'],
        sizes: ['1 lb', '5 lb', '1 kg', '25 lb', '1 L', '500 g'],
        price: [4, 450],
      },
      {
        name: 'Lácteos',
        prefix: 'LAC',
        perishable: true,
        units: ['unidad', 'litro', 'libra'],
        fractional: true,
        products: ['Leche entera', 'Leche descremada', 'Queso fresco', 'Crema', 'Yogur', 'Mantequilla'],
        variants: ['natural', 'de fresa', 'sin lactosa', 'con sal', 'sin sal'],
        sizes: ['250 ml', '1 L', '1 lb', '1/2 lb', '1 galón'],
        price: [6, 75],
      },
      {
        name: 'Limpieza',
        prefix: 'LIM',
        perishable: true,
        units: ['unidad', 'galón'],
        fractional: false,
        products: ['Cloro', 'Desinfectante', 'Jabón líquido para trastos', 'Detergente en polvo', 'Limpiavidrios'],
        variants: ['lavanda', 'limón', 'original', 'concentrado'],
        sizes: ['500 ml', '1 L', '1 galón', '1 kg', '5 kg'],
        price: [8, 160],
      },
      {
        name: 'Higiene personal',
        prefix: 'HIG',
        perishable: true,
        units: ['unidad', 'paquete'],
        fractional: false,
        products: ['Papel higiénico', 'Jabón de tocador', 'Pasta dental', 'Shampoo', 'Desodorante'],
        variants: ['familiar', 'sensible', 'menta', 'manzanilla', 'clásico'],
        sizes: ['4 rollos', '12 rollos', '100 g', '400 ml', '75 ml'],
        price: [5, 120],
      },
      {
        name: 'Snacks',
        prefix: 'SNK',
        perishable: true,
        units: ['unidad', 'caja'],
        fractional: false,
        products: ['Galletas', 'Tortillas tostadas', 'Maní salado', 'Chicharrones', 'Barra de granola'],
        variants: ['sabor queso', 'picante', 'natural', 'de chocolate', 'integral'],
        sizes: ['35 g', '90 g', '200 g', 'caja 12 u', 'caja 24 u'],
        price: [2, 140],
      },
    ],
  },
]
