import type { DeliverySignature } from '@shared/bookingPictures'
import type { Sqlite } from '@base/sqlite'

/**
 * The receivers' signatures on deliveries (migration 12, `delivery_signatures`): one a booking, the latest
 * kept, its image in this cache. Beside the picture queue, not in it: a signature stays on this computer
 * whether or not it is the picture sent for the delivery (pictureQueue.ts keeps one picture a step).
 */

interface SignatureRow {
  local_id: string
  receiver: string
  signed_at: string
  taken_by: string
  picture_seq: number | null
}

export interface NewSignature {
  localId: string
  receiver: string
  signedAt: string
  takenBy: string
  mime: string
  bytes: Uint8Array
}

const columns = 'local_id, receiver, signed_at, taken_by, picture_seq'

export class DeliverySignatures {
  constructor(private readonly db: Sqlite) {}

  /** Keeps a booking's signature, replacing an earlier one (the receiver signed again). */
  keep(s: NewSignature): void {
    this.db
      .prepare(
        `INSERT INTO delivery_signatures (local_id, receiver, signed_at, taken_by, mime, bytes, picture_seq) VALUES (?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT (local_id) DO UPDATE SET receiver = excluded.receiver, signed_at = excluded.signed_at,
           taken_by = excluded.taken_by, mime = excluded.mime, bytes = excluded.bytes, picture_seq = NULL`,
      )
      .run(s.localId, s.receiver, s.signedAt, s.takenBy, s.mime, Buffer.from(s.bytes))
  }

  /** The delivery picture the signature was attached as. */
  markAttached(localId: string, seq: number): void {
    this.db.prepare('UPDATE delivery_signatures SET picture_seq = ? WHERE local_id = ?').run(seq, localId)
  }

  /** A booking's signature becomes another's (a copy merged into it); of two, the later signed is kept. */
  move(fromLocalId: string, toLocalId: string): void {
    this.db
      .prepare(
        `DELETE FROM delivery_signatures WHERE local_id IN (@from, @to)
           AND signed_at < (SELECT max(signed_at) FROM delivery_signatures WHERE local_id IN (@from, @to))`,
      )
      .run({ from: fromLocalId, to: toLocalId })
    this.db.prepare('UPDATE OR REPLACE delivery_signatures SET local_id = ? WHERE local_id = ?').run(toLocalId, fromLocalId)
  }

  get(localId: string): DeliverySignature | null {
    const row = this.db.prepare<[string], SignatureRow>(`SELECT ${columns} FROM delivery_signatures WHERE local_id = ?`).get(localId)
    return row ? toSignature(row) : null
  }

  list(): DeliverySignature[] {
    return this.db.prepare<[], SignatureRow>(`SELECT ${columns} FROM delivery_signatures ORDER BY signed_at`).all().map(toSignature)
  }

  image(localId: string): { mime: string; bytes: Buffer } | null {
    return (
      this.db
        .prepare<[string], { mime: string; bytes: Buffer }>('SELECT mime, bytes FROM delivery_signatures WHERE local_id = ?')
        .get(localId) ?? null
    )
  }
}

function toSignature(r: SignatureRow): DeliverySignature {
  return { localId: r.local_id, receiver: r.receiver, signedAt: r.signed_at, takenBy: r.taken_by, pictureSeq: r.picture_seq }
}
