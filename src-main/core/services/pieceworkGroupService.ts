import type { PieceworkTypeGroup, PieceworkTypeGroupInput } from '@shared/administration'
import {
  createPieceworkGroup,
  deletePieceworkGroup,
  fetchPieceworkGroup,
  fetchPieceworkGroups,
  updatePieceworkGroup,
} from '../api/pieceworkApi'
import { AppError } from '@shared/errors'
import { mayHaveBeenDone } from '../api/serviceError'
import type { SessionService } from './sessionService'

/** Payroll settings' piecework type groups: back-office records read and written straight on the service. */
export class PieceworkGroupService {
  constructor(private readonly session: SessionService) {}

  list(): Promise<PieceworkTypeGroup[]> {
    return fetchPieceworkGroups(this.session.require().rest)
  }

  get(id: number): Promise<PieceworkTypeGroup> {
    return fetchPieceworkGroup(this.session.require().rest, id)
  }

  /**
   * The service answers with the list's address only, so the new group is the
   * one with this name that was not listed before the request; a lost answer is
   * settled the same way, so a group is never created twice.
   */
  async create(input: PieceworkTypeGroupInput): Promise<PieceworkTypeGroup> {
    const rest = this.session.require().rest
    const before = await fetchPieceworkGroups(rest).then(
      (list) => new Set(list.map((g) => g.id)),
      () => null,
    )
    try {
      await createPieceworkGroup(rest, input)
    } catch (err) {
      const found = mayHaveBeenDone(err) && before ? await this.newGroup(input.name, before).catch(() => null) : null
      if (!found) throw err
      return found
    }
    const created = await this.newGroup(input.name, before ?? new Set())
    if (!created)
      throw new AppError('unknown_outcome', { detail: `the service accepted the group "${input.name}", but it is not in the list` })
    return created
  }

  /** The newest group with this name that is not among `before` (ids only grow). */
  private async newGroup(name: string, before: Set<number>): Promise<PieceworkTypeGroup | null> {
    const wanted = name.trim().toLowerCase()
    const matches = (await fetchPieceworkGroups(this.session.require().rest)).filter(
      (g) => !before.has(g.id) && g.name.trim().toLowerCase() === wanted,
    )
    return matches.sort((a, b) => b.id - a.id)[0] ?? null
  }

  update(id: number, changes: Partial<PieceworkTypeGroupInput>): Promise<PieceworkTypeGroup> {
    return updatePieceworkGroup(this.session.require().rest, id, changes)
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await deletePieceworkGroup(this.session.require().rest, id)
    return { deleted: true }
  }
}
