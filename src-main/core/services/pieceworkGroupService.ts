import type { PieceworkTypeGroup, PieceworkTypeGroupInput } from '../../../src-shared/administration'
import { createPieceworkGroup, deletePieceworkGroup, fetchPieceworkGroup, fetchPieceworkGroups, updatePieceworkGroup } from '../api/pieceworkApi'
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

  create(input: PieceworkTypeGroupInput): Promise<PieceworkTypeGroup> {
    return createPieceworkGroup(this.session.require().rest, input)
  }

  update(id: number, changes: Partial<PieceworkTypeGroupInput>): Promise<PieceworkTypeGroup> {
    return updatePieceworkGroup(this.session.require().rest, id, changes)
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await deletePieceworkGroup(this.session.require().rest, id)
    return { deleted: true }
  }
}
