import {
  type AdminSetLevelValues,
  type CefrLevel,
  type LearnerLevel,
  type LevelSource,
  levelOfRank,
  levelRank,
} from '@tokenly/contract/levels';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { findUserWithRole } from '../users/users-repository';
import { listLevelChanges, setLevel } from './levels-repository';

const NO_LEARNER = 'This learner does not exist.';

export type LevelChangeRequest = {
  userId: number;
  level: CefrLevel;
  source: LevelSource;
  changedBy?: number | null;
  placementTestId?: number | null;
  note?: string | null;
};

export function createLevelsService(db: Database, { clock }: { clock: Clock }) {
  async function learnerLevel(userId: number): Promise<LearnerLevel> {
    const learner = await findUserWithRole(db, userId, 'user');
    if (!learner) throw new AppError('NOT_FOUND', NO_LEARNER);
    const rows = await listLevelChanges(db, userId);
    return {
      level: levelOfRank(learner.cefrLevel),
      history: rows.map(({ change, changerName }) => ({
        id: change.id,
        from_level: levelOfRank(change.fromLevel),
        // The column is 1..6 by its check.
        to_level: levelOfRank(change.toLevel) as CefrLevel,
        source: change.source,
        changed_by: change.changedBy === null ? null : { id: change.changedBy, name: changerName ?? '' },
        note: change.note,
        changed_at: change.changedAt.toISOString(),
      })),
    };
  }

  /** Every change of a level goes through here, in the caller's transaction: the level and its history. */
  async function record(tx: Database, request: LevelChangeRequest): Promise<boolean> {
    const change = await setLevel(tx, {
      userId: request.userId,
      toLevel: levelRank(request.level),
      source: request.source,
      changedBy: request.changedBy,
      placementTestId: request.placementTestId,
      note: request.note,
      at: nowOf(clock),
    });
    return change !== undefined;
  }

  return {
    learnerLevel,
    record,

    /** The administrator's change: recorded as theirs, with the reason (the audit log keeps it too). */
    async setByAdmin(adminId: number, userId: number, { level, reason }: AdminSetLevelValues) {
      const done = await db.transaction((tx) =>
        record(tx, { userId, level, source: 'admin', changedBy: adminId, note: reason }),
      );
      if (!done) throw new AppError('NOT_FOUND', NO_LEARNER);
      return { data: await learnerLevel(userId), message: `Level set to ${level}.` };
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
