import { z } from 'zod'
import type { PieceworkTypeGroup, PieceworkTypeGroupInput } from '@shared/administration'
import { id, nullableId, nullableText, nullableTimestamp, text } from './normalise'
import { writeRequest, type RestClient } from './restClient'

const prefix = '/payroll/settings/piecework_type_groups'

/** Lists give numbers and ISO times, show/edit strings and zone-less times: the helpers read both. */
const groupSchema = z
  .object({
    id,
    zid: nullableId,
    name: text,
    id_number: nullableText,
    description: nullableText,
    entity_id: id,
    creator_id: nullableId,
    updater_id: nullableId,
    created_at: nullableTimestamp,
    updated_at: nullableTimestamp,
  })
  .transform((g): PieceworkTypeGroup => ({
    id: g.id,
    zid: g.zid,
    name: g.name,
    idNumber: g.id_number,
    description: g.description,
    entityId: g.entity_id,
    creatorId: g.creator_id,
    updaterId: g.updater_id,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
  }))

/** The spec's create answer: a JSON string holding the list's address, not the group. */
const listAddress = z.string()

export async function fetchPieceworkGroups(rest: RestClient): Promise<PieceworkTypeGroup[]> {
  return rest.request({ method: 'GET', path: `${prefix}.json` }, z.array(groupSchema))
}

export async function fetchPieceworkGroup(rest: RestClient, groupId: number): Promise<PieceworkTypeGroup> {
  return rest.request({ method: 'GET', path: `${prefix}/${groupId}.json` }, groupSchema)
}

/** The group as the service names its fields; a field left undefined is not sent (a partial update keeps it). */
interface GroupBody {
  name?: string
  id_number?: string | null
  description?: string | null
}

function body(input: Partial<PieceworkTypeGroupInput>): { piecework_type_group: GroupBody } {
  const fields: GroupBody = { name: input.name, id_number: input.idNumber, description: input.description }
  return { piecework_type_group: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) }
}

/**
 * Creates a group. The service answers only the list's address (any answer
 * after a 2xx means done), so the caller finds the new group in the list.
 */
export async function createPieceworkGroup(rest: RestClient, input: PieceworkTypeGroupInput): Promise<void> {
  await writeRequest(rest, { method: 'POST', path: `${prefix}.json`, body: body(input) }, listAddress)
}

/** PUT answers 204 without a body; the group is read back so the caller sees what the service kept. */
export async function updatePieceworkGroup(
  rest: RestClient,
  groupId: number,
  changes: Partial<PieceworkTypeGroupInput>,
): Promise<PieceworkTypeGroup> {
  await rest.request({ method: 'PUT', path: `${prefix}/${groupId}.json`, body: body(changes) }, null)
  return fetchPieceworkGroup(rest, groupId)
}

export async function deletePieceworkGroup(rest: RestClient, groupId: number): Promise<void> {
  await rest.request({ method: 'DELETE', path: `${prefix}/${groupId}.json` }, null)
}
