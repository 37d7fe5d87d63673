/** Updates of the desktop app (Spanish). */
const updates = {
  updates: {
    ready: 'Versión {version} lista',
    install: 'Instalar y reiniciar',
    downloading: 'Descargando la versión {version}… {percent} %',
    blocked:
      'Hay reservas sin enviar: {waiting} en espera, {failed} rechazadas, {conflicts} en conflicto. Envíelas o resuélvalas en el centro de sincronización antes de instalar.',
    installConfirm: 'Mostrador se cerrará y se abrirá con la versión nueva.',
    screenUnavailable: 'No se pudo abrir esta pantalla',
    screenUnavailableNamed: 'No se pudo abrir «{screen}»',
    screenUnavailableHint:
      'Su código no se cargó, ni al cargar la página de nuevo. Si Mostrador se acaba de actualizar, ciérrelo y vuelva a abrirlo; lo que no se ha enviado sigue guardado.',
    settingsMenu: 'Ajustes',
    settingsTitle: 'Ajustes',
    autoUpdates: 'Actualizaciones automáticas',
    autoUpdatesHint:
      'Busca versiones nuevas al iniciar y cada 4 horas, y las descarga en segundo plano. Nunca se instalan sin su permiso ni con reservas sin enviar.',
    statusUnread: 'No se pudo leer el estado de las actualizaciones',
    state: {
      off: 'Desactivadas',
      idle: 'Al día',
      checking: 'Buscando actualizaciones…',
      downloading: 'Descargando…',
      ready: 'Lista para instalar',
      error: 'No se pudo buscar actualizaciones',
    },
    offReason: {
      not_desktop: 'Las actualizaciones las gestiona la aplicación de escritorio.',
      no_feed: 'Esta compilación no tiene dirección de actualizaciones.',
      insecure_feed: 'La dirección de actualizaciones de esta compilación no es https: no se usa.',
      disabled: 'Desactivadas en este equipo.',
      policy: 'Desactivadas por el administrador (MOSTRADOR_UPDATES=off).',
    },
  },
}

export default updates
export type UpdatesMessages = typeof updates
