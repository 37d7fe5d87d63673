/**
 * Every failure that crosses a border carries one of these codes. The renderer,
 * the CLI and the sync engine decide what to do by code, never by message text.
 */
export const errorCodes = [
  'validation',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'server',
  'network', // the request never left this machine
  'unknown_outcome', // it left and no answer came: the write may or may not have happened
  'timeout',
  'too_large', // the service's answer passed the size its kind may have: reading it was stopped
  'bad_response',
  'keychain_unavailable',
  'bad_input', // what the user, a file or another process gave us is malformed
  'signed_out',
  'incompatible_data', // a local file written by a newer version of the app
  'outbox_not_empty', // an update would restart the app with bookings not yet sent
  'not_ready', // asked for something that is not there yet (no update downloaded)
  'needs_decision', // the service may already have a lost create but does not show its marker: the clerk compares
  'another_pusher', // another Mostrador process on this computer is sending the outbox: nothing was sent, nothing is lost
  'another_puller', // another Mostrador process on this computer has been pulling this catalogue too long: nothing changed here
  'insecure_server', // a service address that would send the token in clear to another computer
  'insecure_graphql', // the service named a GraphQL address the JWT may not be sent to
  'outbox_file_elsewhere', // an exported outbox of another server, account or company
  'redirected_elsewhere', // the service answered with a redirect to another origin: not followed, the token stays home
  'unreadable_stored_error', // an outbox entry's stored refusal no longer reads (a newer version or a damaged disk wrote it)
  'unreadable_stored_change', // an outbox entry's stored change no longer reads: it cannot be sent, and is kept
  'not_a_picture', // a file or a camera frame this computer could not read as a picture: nothing attached
  'picture_not_kept', // the service took a booking's picture without keeping it (it lacks the capability): kept here
  'signature_empty', // a delivery's signature pad with nothing drawn on it: nothing attached
  'signature_name_missing', // a delivery's signature without the receiver's name: nothing attached
  'print_failed', // the printer did not take a document (offline, out of paper, gone): the document is kept to print again
  'internal',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export interface LocalisedText {
  es: string
  en: string
}

/**
 * A clerk-readable sentence per code, in both languages the app speaks. The line's two bad states lead
 * with the one name the status bar gives them ("Sin conexión", "El servicio falla"), so a clerk reads
 * one state under one name wherever it shows.
 */
export const errorMessages: Record<ErrorCode, LocalisedText> = {
  validation: { es: 'Revise los datos marcados.', en: 'Please check the highlighted fields.' },
  not_found: { es: 'No se encontró el registro.', en: 'The record was not found.' },
  unauthorized: {
    es: 'El servicio no aceptó su correo o su token. Vuelva a iniciar sesión.',
    en: 'The service did not accept your e-mail or token. Please sign in again.',
  },
  forbidden: { es: 'Su usuario no tiene permiso para esta operación.', en: 'Your user is not allowed to do this.' },
  conflict: {
    es: 'El registro cambió en el servicio mientras lo editaba.',
    en: 'The record changed on the service while you were editing it.',
  },
  server: {
    es: 'El servicio falla: tuvo un error. Inténtelo de nuevo en un momento.',
    en: 'Service failing: it had an error. Please try again in a moment.',
  },
  network: {
    es: 'Sin conexión con el servicio. Revise la red.',
    en: 'Offline: no connection to the service. Please check the network.',
  },
  unknown_outcome: {
    es: 'La conexión se cortó antes de la respuesta; se comprobará si el cambio llegó.',
    en: 'The connection dropped before the answer; the app will check whether the change arrived.',
  },
  timeout: { es: 'El servicio falla: tardó demasiado en responder.', en: 'Service failing: it took too long to answer.' },
  too_large: {
    es: 'El servicio envió una respuesta demasiado grande; se dejó de leer. Inténtelo de nuevo más tarde o avise a soporte.',
    en: 'The service sent an answer too large to read; reading was stopped. Try again later or tell support.',
  },
  bad_response: {
    es: 'El servicio respondió algo que la aplicación no entiende.',
    en: 'The service sent an answer the app does not understand.',
  },
  keychain_unavailable: {
    es: 'El llavero del sistema no está disponible; el token no se puede guardar de forma segura.',
    en: "The system keychain is unavailable; the token can't be stored safely.",
  },
  bad_input: { es: 'Los datos recibidos no son válidos.', en: 'The data given is not valid.' },
  signed_out: { es: 'Inicie sesión primero.', en: 'Please sign in first.' },
  incompatible_data: {
    es: 'Los datos locales son de una versión más nueva de Mostrador. Actualice la aplicación.',
    en: 'The local data comes from a newer version of Mostrador. Please update the app.',
  },
  outbox_not_empty: {
    es: 'Hay reservas sin enviar. Envíelas (o resuelva las rechazadas y en conflicto) antes de instalar la actualización.',
    en: 'Some bookings are not sent yet. Send them (or settle the refused and conflicting ones) before installing the update.',
  },
  not_ready: { es: 'Todavía no hay nada listo para esto.', en: 'Nothing is ready for this yet.' },
  needs_decision: {
    es: 'No se sabe si esta reserva llegó al servicio: hay reservas parecidas. Compárelas y diga si alguna es esta.',
    en: 'It is not known whether this booking reached the service: there are similar bookings. Compare them and say whether one is this.',
  },
  another_pusher: {
    es: 'Otra ventana de Mostrador está enviando; esta esperará.',
    en: 'Another Mostrador window is sending; this one will wait.',
  },
  another_puller: {
    es: 'Otra ventana de Mostrador en este equipo lleva mucho tiempo actualizando este catálogo. Se usan las existencias guardadas; se intentará de nuevo.',
    en: 'Another Mostrador window on this computer has been updating this catalogue for a long time. The stock kept here is used; it will be tried again.',
  },
  insecure_server: {
    es: 'La dirección del servicio debe empezar con https:// (conexión cifrada). http:// se acepta solo en esta computadora o, en un laboratorio, con la opción «Permitir http sin cifrar».',
    en: 'The service address must start with https:// (an encrypted connection). http:// is accepted only on this computer or, in a lab, with the "Allow unencrypted http" option.',
  },
  insecure_graphql: {
    es: 'El servicio indicó una dirección de consultas sin cifrar en otra computadora; su acceso no se envió allí. Avise a soporte.',
    en: 'The service named an unencrypted query address on another computer; your access was not sent there. Please tell support.',
  },
  outbox_file_elsewhere: {
    es: 'Este archivo de reservas sin enviar es de otro servidor, otra cuenta u otra empresa: no se importó nada. Inicie sesión con la cuenta y la empresa del archivo.',
    en: 'This file of unsent bookings belongs to another server, account or company: nothing was imported. Sign in with the account and company it came from.',
  },
  redirected_elsewhere: {
    es: 'El servicio desvió la solicitud a otra dirección; no se siguió, para no enviar allí su acceso. Si era un cambio, la aplicación comprueba si llegó. Avise a soporte.',
    en: 'The service redirected the request to another address; it was not followed, so your access was not sent there. If it was a change, the app checks whether it arrived. Please tell support.',
  },
  unreadable_stored_error: {
    es: 'No se pudo leer el motivo guardado de este envío (lo escribió otra versión de la aplicación o el disco lo dañó). La reserva se conserva: puede reintentar el envío o descartarlo.',
    en: 'The reason stored for this send could not be read (another version of the app wrote it, or the disk damaged it). The booking is kept: you can retry the send or discard it.',
  },
  unreadable_stored_change: {
    es: 'No se pudo leer el cambio guardado de este envío (lo escribió otra versión de la aplicación o el disco lo dañó), así que no se puede enviar. La reserva se conserva en este equipo: revísela antes de descartar el envío.',
    en: 'The change stored for this send could not be read (another version of the app wrote it, or the disk damaged it), so it cannot be sent. The booking is kept on this computer: check it before you discard the send.',
  },
  not_a_picture: {
    es: 'Ese archivo no es una imagen que se pueda leer (o está dañado): no se adjuntó nada. Elija una foto JPEG, PNG, GIF o WebP.',
    en: 'That file is not a picture that can be read (or it is damaged): nothing was attached. Choose a JPEG, PNG, GIF or WebP photo.',
  },
  picture_not_kept: {
    es: 'El servicio no guarda imágenes en las reservas: esta imagen queda en este equipo, con quién la tomó y cuándo.',
    en: 'The service keeps no pictures on bookings: this picture stays on this computer, with who took it and when.',
  },
  signature_empty: {
    es: 'No hay firma: pida a quien recibe que firme en el recuadro. No se adjuntó nada.',
    en: 'There is no signature: ask the receiver to sign in the box. Nothing was attached.',
  },
  signature_name_missing: {
    es: 'Escriba el nombre de quien recibe: la firma no se guarda sin él.',
    en: "Type the receiver's name: the signature is not kept without it.",
  },
  print_failed: {
    es: 'La impresora no tomó el documento (¿apagada, sin papel o desconectada?). El documento se guarda: revísela e imprímalo de nuevo.',
    en: 'The printer did not take the document (switched off, out of paper or unplugged?). The document is kept: check the printer and print it again.',
  },
  internal: { es: 'Error interno de la aplicación.', en: 'Internal application error.' },
}

/** The serialisable form of an error, as it travels over IPC, HTTP or the CLI's --json (its schema: errorSchemas.ts). */
export interface ErrorPayload {
  code: ErrorCode
  message: LocalisedText
  /** The service's own words, when it gave any (validation messages, `{error}`). */
  detail: string | null
  /** The field the error belongs to, when there is one. */
  field: string | null
  /** Validation messages by field, named as our own types name them (core/api/serviceFieldNames.ts); a dynamic table's rows by the user's columns. */
  fields: Record<string, string[]>
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly detail: string | null
  readonly field: string | null
  readonly fields: Record<string, string[]>
  readonly status: number | null

  constructor(
    code: ErrorCode,
    opts: {
      detail?: string | null
      field?: string | null
      fields?: Record<string, string[]>
      status?: number | null
      cause?: unknown
    } = {},
  ) {
    super(opts.detail ?? errorMessages[code].en, { cause: opts.cause })
    this.name = 'AppError'
    this.code = code
    this.detail = opts.detail ?? null
    this.fields = opts.fields ?? {}
    this.field = opts.field ?? Object.keys(this.fields)[0] ?? null
    this.status = opts.status ?? null
  }

  toPayload(): ErrorPayload {
    return {
      code: this.code,
      message: errorMessages[this.code],
      detail: this.detail,
      field: this.field,
      fields: this.fields,
    }
  }

  static from(err: unknown): AppError {
    if (err instanceof AppError) return err
    return new AppError('internal', { detail: err instanceof Error ? err.message : String(err), cause: err })
  }

  static fromPayload(p: ErrorPayload): AppError {
    return new AppError(p.code, { detail: p.detail, field: p.field, fields: p.fields })
  }
}

/**
 * A schema path as our fields are named (`lines[1].itemId`, as core/api/serviceFieldNames.ts names a
 * refusal of the service), so a form marks a field by one name whoever refused it.
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  let key = ''
  for (const part of path) key += typeof part === 'number' ? `[${part}]` : key ? `.${String(part)}` : String(part)
  return key
}

/** Turns a schema failure on something handed to us into a bad_input error naming the first bad field. */
export function badInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = fieldPath(issue.path) || '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  return new AppError('bad_input', { detail: issues[0]?.message ?? null, fields })
}
