import type { LocalisedText } from '@shared/errors'

const text = (es: string, en: string): LocalisedText => ({ es, en })

/**
 * REST reads the client uses that the service check may try: list and
 * profile paths only, asked with HEAD. Never a write, and never a GET that
 * acts (`ship.json`, `deliver.json`, `rebound.json` are GETs that change
 * data), nor a path that needs a record's id.
 */
export const probedRestPaths: readonly { path: string; whenRefused: LocalisedText }[] = [
  {
    path: '/profile.json',
    whenRefused: text('No se puede iniciar sesión ni saber quién es el usuario.', 'Signing in and knowing who the user is fail.'),
  },
  { path: '/company.json', whenRefused: text('No se muestran la empresa ni su moneda.', 'The company and its currency are not shown.') },
  {
    path: '/apps/graphql.json',
    whenRefused: text(
      'Sin acceso a GraphQL: no se lee ningún dato del catálogo ni del mostrador.',
      'No GraphQL access: no catalogue or counter data can be read.',
    ),
  },
  {
    path: '/inventories/bundles.json',
    whenRefused: text('La lista de paquetes y sus detalles no se pueden leer.', 'The bundle list and its details cannot be read.'),
  },
  { path: '/pos/bookings.json', whenRefused: text('Las reservas no se pueden listar.', 'Bookings cannot be listed.') },
  {
    path: '/purchases/consolidates/new.json',
    whenRefused: text('No se pueden preparar consolidados.', 'Consolidates cannot be prepared.'),
  },
  {
    path: '/payroll/settings/piecework_type_groups.json',
    whenRefused: text('Los grupos de destajo no se pueden leer.', 'Piecework groups cannot be read.'),
  },
  { path: '/apps/webapp_tables.json', whenRefused: text('Las tablas dinámicas no se pueden listar.', 'Dynamic tables cannot be listed.') },
]
