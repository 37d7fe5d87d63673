import type { Readable } from 'node:stream'
import axios from 'axios'
import { format } from 'date-fns'
import { offsetInWords } from '@shared/serviceClock'
import type { DoctorCheck } from '@shared/support'
import { offsetFromDate } from '../api/serviceClock'
import { check, reason, same, text } from './checkParts'

const clockFace = 'dd/MM/yyyy HH:mm:ss'

/**
 * A cheap unauthenticated GET of the service's address: an answer means it is reachable, unless it says
 * nothing is there (404, 410): then the address names something else, and the app would fail on every read.
 */
const notTheService = (status: number): boolean => status === 404 || status === 410

/** The service's address answers (see notTheService), and its Date header says how far off this clock is. */
export async function checkService(
  serverUrl: string | null,
  now: () => Date,
  timeoutMs: number,
  skewWarnMs: number,
): Promise<DoctorCheck[]> {
  if (!serverUrl) return noServiceChecks()
  const sent = now().getTime()
  let response
  const deadline = AbortSignal.timeout(timeoutMs)
  try {
    response = await probe(serverUrl, timeoutMs, deadline)
  } catch (err) {
    return unreachableChecks(serverUrl, err, deadline, timeoutMs)
  }
  const received = now().getTime()
  const service = serviceCheck(serverUrl, response.status, received - sent)
  const skew = offsetFromDate(response.headers['date'], sent, received)
  if (skew === null) {
    return [
      service,
      check({ id: 'clock', level: 'info', message: text('El servicio no envió su hora', 'The service sent no Date header'), detail: null }),
    ]
  }
  return [service, clockCheck(skew, received, skewWarnMs)]
}

function noServiceChecks(): DoctorCheck[] {
  const none = text('No hay un servicio configurado (inicie sesión o use --server)', 'No service configured (sign in or use --server)')
  return [
    check({ id: 'service', level: 'warn', message: none, detail: null }),
    check({
      id: 'clock',
      level: 'info',
      message: text('Hora no comprobada: sin servicio', 'Clock not checked: no service'),
      detail: null,
    }),
  ]
}

async function probe(serverUrl: string, timeoutMs: number, deadline: AbortSignal) {
  // Only the status and the Date header count: the body is never read, so a page that trickles or runs
  // on cannot hold the check, and the whole exchange has the deadline, not only the connection.
  const response = await axios.get<Readable>(serverUrl, {
    timeout: timeoutMs,
    signal: deadline,
    responseType: 'stream',
    validateStatus: () => true,
    maxRedirects: 0,
    headers: { Accept: 'application/json' },
  })
  response.data.destroy()
  return response
}

function unreachableChecks(serverUrl: string, err: unknown, deadline: AbortSignal, timeoutMs: number): DoctorCheck[] {
  const code = deadline.aborted ? null : (err as { code?: string }).code
  return [
    check({
      id: 'service',
      level: 'error',
      message: text(`Servicio inaccesible: ${serverUrl}`, `Service unreachable: ${serverUrl}`),
      detail: deadline.aborted
        ? text(`sin respuesta en ${timeoutMs} ms`, `no answer within ${timeoutMs} ms`)
        : same(code && !reason(err).includes(code) ? `${code} ${reason(err)}` : reason(err)),
    }),
    check({
      id: 'clock',
      level: 'info',
      message: text('Hora no comprobada: el servicio no respondió', 'Clock not checked: the service did not answer'),
      detail: null,
    }),
  ]
}

function serviceCheck(serverUrl: string, status: number, elapsed: number): DoctorCheck {
  return check({
    id: 'service',
    level: status >= 500 ? 'warn' : notTheService(status) ? 'error' : 'ok',
    message:
      status >= 500
        ? text(
            `El servicio responde con errores (HTTP ${status}): ${serverUrl}`,
            `Service answers with errors (HTTP ${status}): ${serverUrl}`,
          )
        : notTheService(status)
          ? text(
              `La dirección responde, pero no es la del servicio (HTTP ${status}): revise ${serverUrl}`,
              `The address answers, but it is not the service (HTTP ${status}): check ${serverUrl}`,
            )
          : text(`Servicio accesible: ${serverUrl} (${elapsed} ms)`, `Service reachable: ${serverUrl} (${elapsed} ms)`),
    detail: same(`HTTP ${status}`),
  })
}

function clockCheck(skew: number, received: number, skewWarnMs: number): DoctorCheck {
  const seconds = Math.round(skew / 1000)
  // As this computer's clock face shows time, so the clerk compares it with the clock they can see.
  const serviceTime = format(received + skew, clockFace)
  const mine = format(received, clockFace)
  const detail = text(
    `diferencia ${seconds} s (hora del servicio menos la de este equipo); servicio ${serviceTime}, este equipo ${mine}`,
    `offset ${seconds} s (service minus this computer); service ${serviceTime}, this computer ${mine}`,
  )
  // The offset is the service's clock minus this computer's: behind the service means fast.
  const size = Math.abs(skew) >= 60_000 ? offsetInWords(skew) : `${Math.abs(seconds)} s`
  return Math.abs(skew) > skewWarnMs
    ? check({
        id: 'clock',
        level: 'warn',
        message: text(
          `El reloj de este equipo va ${size} ${skew < 0 ? 'adelantado' : 'atrasado'} respecto al servicio (hora del servicio: ${serviceTime}); corrija la fecha y la hora`,
          `This computer's clock is ${size} ${skew < 0 ? 'fast' : 'slow'} against the service's (service time: ${serviceTime}); please correct the date and time`,
        ),
        detail,
      })
    : check({
        id: 'clock',
        level: 'ok',
        message: text(`Reloj en hora (diferencia ${seconds} s)`, `Clock in step (difference ${seconds} s)`),
        detail,
      })
}
