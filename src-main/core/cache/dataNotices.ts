import { relative } from 'node:path'
import type { DataNotice } from '@shared/support'
import type { FileDamage } from './fileDamage'
import type { CoreEvents } from '../events'
import type { Logger } from '../logging/logger'

/**
 * What this run set aside of the data folder, told to the clerk: announced as it happens (event
 * `support.dataNotice`, the app's banner, the CLI's line) and kept for the run, so a window that opens
 * later still shows it (`support.dataNotices`).
 */
export class DataNotices {
  private readonly list: DataNotice[] = []

  constructor(
    private readonly dataDir: string,
    private readonly events: CoreEvents,
    private readonly log: Logger,
  ) {}

  /** An entity cache set aside (or found missing with unsent work in its journal), and what came back. */
  entity(file: string | null, damage: FileDamage | 'missing', recovered: number, lost: number, at: Date): DataNotice {
    const kept = file ? relative(this.dataDir, file) : null
    const where = kept ? { es: ` Se guardó aparte: ${kept}.`, en: ` It was kept aside: ${kept}.` } : { es: '', en: '' }
    const back =
      recovered === 1
        ? { es: 'reserva sin enviar recuperada', en: 'unsent booking recovered' }
        : { es: 'reservas sin enviar recuperadas', en: 'unsent bookings recovered' }
    const notBack = lost === 1 ? 'no se pudo recuperar' : 'no se pudieron recuperar'
    const message =
      recovered + lost === 0
        ? {
            es: `Los datos locales de esta empresa estaban dañados y se empezaron de nuevo; no había reservas sin enviar. El catálogo se descarga otra vez.${where.es}`,
            en: `This company's local data was damaged and started afresh; no bookings were waiting to be sent. The catalogue is downloaded again.${where.en}`,
          }
        : {
            es: `Los datos locales de esta empresa estaban dañados: ${recovered} ${back.es}, ${lost} ${notBack}. Se comprueban con el servicio antes de enviar nada.${where.es}`,
            en: `This company's local data was damaged: ${recovered} ${back.en}, ${lost} could not be. They are checked against the service before anything is sent.${where.en}`,
          }
    this.log.warn('entity cache set aside', { file: kept, damage, recovered, lost })
    return this.add({ kind: 'entity', setAside: kept, recovered, lost, at: at.toISOString(), message })
  }

  /** account.sqlite set aside: it holds no unsent work, only what is read again from the service. */
  account(file: string, damage: FileDamage, at: Date): DataNotice {
    const kept = relative(this.dataDir, file)
    this.log.warn('account cache set aside', { file: kept, damage })
    return this.add({
      kind: 'account',
      setAside: kept,
      recovered: 0,
      lost: 0,
      at: at.toISOString(),
      message: {
        es: `Los datos de la cuenta en este equipo estaban dañados: se guardaron aparte (${kept}) y se leen de nuevo del servicio al conectar. Ninguna reserva sin enviar se guarda ahí.`,
        en: `The account data on this computer was damaged: it was set aside (${kept}) and is read again from the service when connected. No unsent booking is kept there.`,
      },
    })
  }

  all(): DataNotice[] {
    return [...this.list]
  }

  private add(notice: DataNotice): DataNotice {
    this.list.push(notice)
    this.events.emit('support.dataNotice', notice)
    return notice
  }
}
