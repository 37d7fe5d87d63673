/** The first-run tour of each station (shell/tour), in Spanish (usted). */
/** Keys between [ and ] are shown as keycaps. */
const tour = {
  tour: {
    skip: 'Saltar',
    next: 'Siguiente',
    previous: 'Anterior',
    done: 'Entendido',
    progress: '{current} de {total}',
    keysHint: 'Flechas o Intro para avanzar, Esc para salir',
    replay: 'Ver el recorrido de nuevo',
    replayHint: 'Un paseo corto por la primera pantalla de este equipo.',
    replayNeedsStation: 'Elija primero para qué se usa este equipo.',
    counter: {
      scan: {
        title: 'La caja de escaneo',
        body: 'Escanee aquí o escriba un código o un nombre y pulse Intro. [5*CÓDIGO] añade cinco. El cursor vuelve aquí después de cada escaneo.',
      },
      lines: {
        title: 'Las líneas',
        body: 'Cada artículo escaneado aparece aquí. Cambie la cantidad con el teclado; [Supr] en la caja vacía quita la última línea y [Ctrl+Z] la recupera.',
      },
      save: {
        title: 'Guardar',
        body: '[Ctrl+Intro] guarda la reserva; [Ctrl+S] la guarda como borrador. Si falta un dato, el cursor va a ese campo.',
      },
      status: {
        title: 'Conexión',
        body: 'Aquí ve si el servicio responde. Sin conexión puede seguir trabajando: un aviso arriba cuenta las reservas que esperan y se enviarán solas.',
      },
      sync: {
        title: 'Sincronización',
        body: 'Lo que espera envío o fue rechazado. Haga clic aquí para abrir el centro de sincronización y ver cada reserva.',
      },
      keys: {
        title: 'El teclado',
        body: 'Pulse [F1] (o [?]) en cualquier pantalla para ver sus teclas. Desde allí, o desde Configuración, puede ver este recorrido de nuevo.',
      },
    },
    warehouse: {
      tabs: {
        title: 'Las reservas por estado',
        body: 'Por despachar, en tránsito (salen y llegan) y entregadas. Las teclas [1] a [4] cambian de pestaña.',
      },
      scan: {
        title: 'Escanear una boleta',
        body: 'Escanee el código de barras de una boleta para abrir esa reserva. Luego escanee los artículos para marcar sus líneas; [Intro] la despacha.',
      },
      view: {
        title: 'Tarjetas o lista',
        body: 'Las tarjetas muestran cada reserva con sus líneas; la lista muestra más reservas a la vez.',
      },
      ship: {
        title: 'Despachar',
        body: 'Cada reserva tiene su botón «Despachar». También puede marcar varias y despacharlas juntas; se pide confirmación antes.',
      },
      keys: {
        title: 'El teclado',
        body: 'Pulse [F1] (o [?]) para ver las teclas de cada pantalla y [F5] para volver a leer las reservas. Este recorrido se vuelve a ver desde F1 o Configuración.',
      },
    },
    backOffice: {
      menu: { title: 'El menú', body: 'Las áreas de este equipo, en su orden. [Alt+número] abre cada una desde cualquier pantalla.' },
      catalogue: {
        title: 'Catálogo',
        body: 'Artículos y combos, con su precio, existencias e imágenes. Busque por código o nombre; los cambios se guardan en el servicio.',
      },
      purchasing: {
        title: 'Compras',
        body: 'Consolidados de compra y recepciones de mercadería: registre lo que llega contra cada orden.',
      },
      admin: {
        title: 'Administración',
        body: 'Perfil, empresa, estructuras de documentos, tablas dinámicas y la consola GraphQL. En mostrador y bodega este grupo queda plegado.',
      },
      keys: {
        title: 'El teclado',
        body: 'Pulse [F1] (o [?]) para ver las teclas de cada pantalla. Este recorrido se vuelve a ver desde F1 o Configuración.',
      },
    },
  },
}

export default tour
