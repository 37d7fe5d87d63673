import counter from '../areas/counter/i18n/es'
import dispatch from '../areas/dispatch/i18n/es'
import diagnostics from '../shell/i18n/diagnostics.es'
import updates from '../shell/i18n/updates.es'
import keys from '../shell/i18n/keys.es'
import tour from '../shell/i18n/tour.es'
import print from '../shell/i18n/print.es'
import catalogue from '../areas/catalogue/i18n/es'
import purchasing from '../areas/purchasing/i18n/es'
import admin from '../areas/admin/i18n/es'
import pictures from './pictures.es'

/** Spanish, the app's default language. en.ts must have exactly the same keys. */
const es = {
  ...counter,
  ...dispatch,
  ...diagnostics,
  ...updates,
  ...keys,
  ...tour,
  ...print,
  ...catalogue,
  ...purchasing,
  ...admin,
  ...pictures,
  app: {
    name: 'Mostrador',
    loading: 'Cargando…',
    bootFailed: 'No se pudo iniciar la aplicación.',
    retry: 'Reintentar',
    notAvailable: '—',
    yes: 'Sí',
    no: 'No',
  },
  /** The buttons of every confirmation and record dialog (components/ConfirmDialog.vue, FormDialog.vue): one wording everywhere. */
  confirm: {
    save: 'Guardar',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    understood: 'Entendido',
  },
  areas: {
    catalogue: 'Catálogo',
    counter: 'Mostrador y reservas',
    newBooking: 'Nueva reserva',
    bookings: 'Reservas',
    syncCentre: 'Sincronización',
    dispatch: 'Despacho',
    purchasing: 'Compras',
    consolidates: 'Consolidados',
    receptions: 'Recepciones',
    administration: 'Administración',
    profile: 'Perfil',
    company: 'Empresa',
    pieceworkTypeGroups: 'Grupos de tipos de destajo',
    documentStructures: 'Estructuras de documentos',
    dynamicTables: 'Tablas dinámicas',
    graphql: 'Consola GraphQL',
    help: 'Ayuda',
    diagnostics: 'Diagnóstico',
  },
  shell: {
    menu: 'Menú',
    shortcutHint: 'Alt+{n}',
    mainContent: 'Contenido principal',
  },
  comingSoon: {
    title: 'Llegará en una versión posterior',
    body: '«{area}» todavía no está disponible en esta versión de Mostrador. Las demás secciones del menú funcionan con normalidad.',
    back: 'Ir a mi perfil',
  },
  header: {
    theme: 'Tema',
    themeLight: 'Claro',
    themeDark: 'Oscuro',
    themeSystem: 'Según el sistema',
    language: 'Idioma',
    languageProfile: 'Según el perfil',
    userMenu: 'Menú de usuario',
    profile: 'Mi perfil',
    signOut: 'Cerrar sesión',
    signingOut: 'Cerrando sesión…',
  },
  status: {
    online: 'En línea',
    failing: 'El servicio falla',
    offline: 'Sin conexión',
    /** The state's name and since when it is so, everywhere the line is named. */
    since: '{state} desde {time}',
    lastContact: 'Último contacto: {time}',
    catalogueArriving: 'Catálogo en camino',
    catalogueArrivingTitle:
      'El primer catálogo de esta computadora se está descargando: hasta que llegue, los códigos escaneados no se reconocen.',
    stockAge: 'Existencias {ago}',
    stockAgeNow: 'Existencias al momento',
    stockAgeUnknown: 'Existencias de hora incierta',
    stockAgeTitle: 'Existencias leídas del servicio: {time}.',
    stockAgeOldTitle: 'Existencias leídas del servicio: {time}. Pueden no estar al día: actualice el catálogo cuando tenga conexión.',
    stockAgencies: 'Existencias que se leen siempre',
    stockAgenciesHint:
      'Las de su agencia, las de las agencias de sus reservas del último mes y las elegidas aquí se leen en cada actualización; las demás, una vez al día y de nuevo al consultar las existencias de un artículo con conexión.',
    stockAgenciesNone: 'Ninguna más',
    stockAgenciesUnread: 'No se pudieron leer las agencias: {reason}',
    neverContacted: 'Sin contacto todavía',
    user: 'Usuario',
    entity: 'Empresa',
    agency: 'Agencia',
    noAgency: 'Sin agencia',
    agencyUnreadable: 'No se pudo leer',
    agencyUnreadableTitle: 'No se pudo leer su agencia: {reason}. Pulse para reintentar.',
    noEntity: 'Sin empresa actual',
    training: 'Práctica',
    clockFast: 'Reloj {offset} adelantado',
    clockSlow: 'Reloj {offset} atrasado',
    clockTitle:
      'El reloj de este equipo difiere {offset} del servicio (el servicio marca {service}). Corrija la fecha y la hora del equipo; las reservas no se ven afectadas.',
    insecureHttp: 'Sin cifrar (http)',
    insecureHttpTitle: 'La conexión con el servicio no está cifrada: se permitió http para un laboratorio.',
  },
  lots: {
    expired: 'Vencido',
    near: 'Vence pronto',
    expiredTitle: 'Lote vencido: no debería salir',
    nearTitle: 'Lote que vence dentro de {days} días',
    nearSetting: 'Aviso de vencimiento (días)',
    nearSettingHint:
      'Los lotes que vencen dentro de estos días se marcan en ámbar; los vencidos, en rojo (en líneas, despacho y albaranes).',
  },
  stations: {
    question: '¿Para qué se usa este equipo?',
    hint: 'Decide la primera pantalla y el orden del menú. Puede cambiarlo en Configuración.',
    later: 'Más tarde',
    notKept: 'No se pudo guardar «{station}» como uso de este equipo',
    setting: 'Uso de este equipo',
    settingHint: 'Decide la primera pantalla al abrir la aplicación y qué áreas aparecen primero en el menú.',
    notChosen: 'Sin elegir',
    counter: { name: 'Mostrador', lands: 'abre en Nueva reserva' },
    warehouse: { name: 'Bodega', lands: 'abre en Despacho' },
    backOffice: { name: 'Oficina', lands: 'abre en Catálogo' },
  },
  entitySwitcher: {
    open: 'Cambiar de empresa',
    inactive: 'inactiva',
    failed: 'No se pudo cambiar a {entity}.',
  },
  connection: {
    waiting:
      'Ninguna reserva espera. | 1 reserva espera en este equipo y se enviará sola. | {count} reservas esperan en este equipo y se enviarán solas.',
    nothingWaiting: 'Puede seguir trabajando: lo que guarde se enviará solo.',
    lastContact: 'Último contacto correcto: {time}',
    neverContacted: 'Sin contacto correcto todavía',
    openSyncCentre: 'Ver sincronización',
    sentAfterOutage: 'Ninguna reserva enviada. | 1 reserva enviada al servicio. | {count} reservas enviadas al servicio.',
    refused: 'Ninguna reserva rechazada. | El servicio rechazó 1 reserva. | El servicio rechazó {count} reservas.',
    refusedNamed: 'El servicio rechazó la reserva {names}. | El servicio rechazó las reservas {names}.',
    heldNamed:
      'No se sabe si la reserva {names} llegó al servicio: compárela con las parecidas y decida. | No se sabe si las reservas {names} llegaron al servicio: compárelas con las parecidas y decida.',
  },
  training: {
    banner: 'MODO DE PRÁCTICA — datos de práctica',
    bannerHint: 'Nada de lo que haga aquí afecta al inventario real.',
    watermark: 'MODO DE PRÁCTICA',
    reset: 'Restablecer datos de práctica',
    resetTitle: '¿Restablecer los datos de práctica?',
    resetBody:
      'Se borrarán todos los cambios hechos en modo de práctica y la empresa de práctica volverá a su estado inicial. Sus datos reales no se tocan.',
    resetConfirm: 'Restablecer',
    resetDone: 'Datos de práctica restablecidos.',
    offline: 'Simular sin conexión',
    offlineTitle:
      'Practique el trabajo sin conexión: el servicio de práctica deja de responder, como si se cortara la red, hasta que apague este interruptor. Lo guardado mientras tanto se enviará al volver.',
  },
  signIn: {
    title: 'Iniciar sesión',
    subtitle: 'Conéctese al servicio de gestión de su empresa.',
    serverUrl: 'Dirección del servidor',
    serverUrlPlaceholder: 'https://…',
    email: 'Correo electrónico',
    emailPlaceholder: "nombre{'@'}empresa.com",
    token: 'Token de acceso',
    tokenPlaceholder: 'Pegue aquí su token',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión…',
    or: 'o',
    trainingTitle: '¿Quiere practicar primero?',
    trainingBody: 'El modo de práctica usa una empresa de demostración dentro de la aplicación. No toca inventario real.',
    startTraining: 'Entrar en modo de práctica',
    startingTraining: 'Preparando el modo de práctica…',
    trainingUnavailable: 'El modo de práctica no está disponible en esta instalación.',
    required: 'Este dato es obligatorio.',
    invalidUrl: 'Escriba una dirección que empiece con http:// o https://',
    invalidEmail: 'Escriba un correo electrónico válido.',
    insecureHttp: 'Laboratorio: permitir http sin cifrar hacia otra computadora',
    insecureHttpHint: 'Su token viajará sin cifrar y cualquiera en la red podrá leerlo. Úselo solo en un laboratorio.',
  },
  errors: {
    title: 'No se pudo completar',
    retry: 'Reintentar',
    /** The expander that keeps the technical words (the service's own text, a network error) out of the clerk's way. */
    details: 'Detalles',
    /** What a validation message of the service means (composables/serviceFieldText.ts), said in the app's words. */
    field: {
      required: 'Este dato es obligatorio.',
      mustExist: 'Lo elegido no existe en el servicio (puede ser de otra empresa o haberse borrado).',
      taken: 'Ese valor ya está en uso.',
      notANumber: 'Debe ser un número.',
      notAnInteger: 'Debe ser un número entero.',
      greaterThan: 'Debe ser mayor que {n}.',
      atLeast: 'Debe ser {n} o más.',
      lessThan: 'Debe ser menor que {n}.',
      atMost: 'Debe ser {n} o menos.',
      tooLong: 'Es demasiado largo (máximo {n} caracteres).',
      tooShort: 'Es demasiado corto (mínimo {n} caracteres).',
      notInList: 'No es una de las opciones permitidas.',
      invalid: 'El valor no es válido.',
      rejected: 'El servicio no aceptó este dato.',
    },
  },
}

export default es
export type Messages = typeof es
