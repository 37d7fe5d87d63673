/** Help → Diagnostics (Spanish). */
const diagnostics = {
  /** The banner when a damaged local file was set aside (shell/DataNoticeBanner.vue); the text itself comes from the core. */
  dataNotice: {
    title: 'Datos locales dañados',
    openDiagnostics: 'Ver diagnóstico',
    dismiss: 'Entendido',
  },
  diagnostics: {
    intro: 'Comprueba este equipo: carpeta de datos, caché, llavero, servicio, hora y envíos pendientes.',
    runAgain: 'Comprobar de nuevo',
    running: 'Comprobando…',
    allOk: 'Todo en orden',
    someFailed: 'Hay {n} problema | Hay {n} problemas',
    checkedAt: 'Comprobado a las {time}',
    levels: { ok: 'Correcto', info: 'Información', warn: 'Aviso', error: 'Falla' },
    bundleTitle: 'Paquete para soporte',
    bundleIntro:
      'Un archivo .zip con los registros, este diagnóstico, las versiones y el estado de los envíos pendientes. Nunca lleva su token. Elija dónde guardarlo y envíelo a soporte.',
    includeData: 'Incluir datos del negocio (reservas y lo que espera envío)',
    includeDataHint: 'Solo si soporte se lo pide: el archivo llevará datos de sus clientes y productos.',
    includeSetAside: 'Incluir los archivos dañados guardados aparte',
    includeSetAsideHint:
      'Solo si soporte se lo pide: son copias enteras de datos locales dañados (reservas, catálogo) que la aplicación guardó aparte; pueden pesar varios MB.',
    makeBundle: 'Crear paquete para soporte',
    backToSignIn: 'Volver a iniciar sesión',
    bundleSaved: 'Paquete guardado: {file}',
    service: {
      title: 'Compatibilidad del servicio',
      intro:
        'Prueba, contra el servidor con el que inició sesión, cada lectura GraphQL, las rutas REST de lectura y las extensiones que usa la aplicación, y dice qué deja de funcionar sin cada una. Solo lee; no cambia nada.',
      run: 'Comprobar el servicio',
      running: 'Comprobando el servicio…',
      graphql: 'Lecturas GraphQL',
      rest: 'Rutas REST',
      extensions: 'Extensiones',
      allOk: 'Todas ofrecidas ({n})',
      okList: 'Ofrecidas ({n}):',
      refused: 'Rechazada',
      failed: 'Falló',
      optional: 'opcional',
      present: 'Presente',
      absent: 'Ausente',
      noAnswer: 'Sin respuesta',
      withoutIt: 'Sin ella: {what}',
    },
  },
}
export type DiagnosticsMessages = typeof diagnostics
export default diagnostics
