import type { Paginated } from '@tokenly/contract/common';
import {
  type CefrLevel,
  type LevelSuggestion,
  type LevelSuggestionBody,
  levelOfRank,
  levelRank,
} from '@tokenly/contract/levels';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { levelChangedMail } from '../mail/templates/level-changed-mail';
import { findClass } from '../progress/progress-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  countPendingSuggestions,
  decideSuggestion,
  findBookedLearner,
  findSuggestion,
  listPendingSuggestions,
  type SuggestionWithNames,
  saveSuggestion,
} from './level-suggestions-repository';
import type { LevelsService } from './levels-service';

const NO_SUGGESTION = 'No such level suggestion.';
const ALREADY_DECIDED = 'This suggestion was already decided.';

function toDto({ suggestion, learnerName, teacherName, ...on }: SuggestionWithNames): LevelSuggestion {
  return {
    id: suggestion.id,
    learner: { id: suggestion.userId, name: learnerName },
    from_level: levelOfRank(suggestion.fromLevel),
    // The column is 1..6 by its check.
    level: levelOfRank(suggestion.level) as CefrLevel,
    note: suggestion.note,
    suggested_by: { id: suggestion.suggestedBy, name: teacherName },
    class: { id: on.classId, title: on.classTitle, starts_at: on.classStartsAt.toISOString() },
    status: suggestion.status,
    created_at: suggestion.createdAt.toISOString(),
    decided_at: suggestion.decidedAt?.toISOString() ?? null,
  };
}

/**
 * A teacher suggests a learner's next level from a class; the administrator decides, or the school lets
 * the suggestion apply at once (docs/learning-path.md). Accepting changes the level through the one way
 * levels change, as the teacher's, with their note.
 */
export function createLevelSuggestionsService(
  db: Database,
  options: {
    clock: Clock;
    levels: Pick<LevelsService, 'record'>;
    mailer: Mailer;
    settings: SchoolSettingsSource;
    appUrl: string;
  },
) {
  const { clock } = options;

  async function dto(id: number): Promise<LevelSuggestion> {
    const row = await findSuggestion(db, id);
    if (!row) throw new AppError('NOT_FOUND', NO_SUGGESTION);
    return toDto(row);
  }

  /** Accepts or declines a waiting suggestion: `deciderId` is the administrator, or the teacher's own. */
  async function decide(deciderId: number, id: number, status: 'accepted' | 'declined') {
    const found = await findSuggestion(db, id);
    if (!found) throw new AppError('NOT_FOUND', NO_SUGGESTION);
    const { suggestion } = found;
    const now = nowOf(clock);
    await db.transaction(async (tx) => {
      if (!(await decideSuggestion(tx, id, { status, decidedBy: deciderId, decidedAt: now }))) {
        throw new AppError('CONFLICT', ALREADY_DECIDED);
      }
      if (status === 'declined') return;
      const level = levelOfRank(suggestion.level) as CefrLevel;
      await options.levels.record(tx, {
        userId: suggestion.userId,
        level,
        source: 'teacher',
        changedBy: suggestion.suggestedBy,
        note: suggestion.note,
      });
      const to = (await findRecipients(tx, [suggestion.userId])).get(suggestion.userId);
      if (to) {
        const context = { appUrl: options.appUrl, school: await options.settings.current(tx) };
        await options.mailer.enqueue(
          tx,
          levelChangedMail(to, { suggestionId: id, level, teacher: found.teacherName }, context),
        );
      }
    });
    return dto(id);
  }

  return {
    /** Once the class has started, on a learner still booked on it, as teachers' notes are. */
    async suggest(
      teacherId: number,
      scheduleId: number,
      body: LevelSuggestionBody & { booking_id: number },
    ): Promise<{ data: LevelSuggestion; message: string }> {
      const found = await findClass(db, scheduleId, teacherId);
      if (!found) throw new AppError('NOT_FOUND', MESSAGES.classNotFound);
      const now = nowOf(clock);
      if (found.status !== 'scheduled') throw new AppError('CONFLICT', 'This class was cancelled.');
      if (now < found.startsAt) {
        throw new AppError('CONFLICT', 'A level can be suggested once the class has started.');
      }
      const booked = await findBookedLearner(db, scheduleId, body.booking_id);
      if (!booked) throw new AppError('NOT_FOUND', 'This learner is not booked on this class.');
      const id = await saveSuggestion(db, {
        userId: booked.userId,
        bookingId: body.booking_id,
        suggestedBy: teacherId,
        fromLevel: booked.level,
        level: levelRank(body.level),
        note: body.note,
        createdAt: now,
      });
      // Where the school trusts its teachers' judgement, the suggestion is the change.
      if ((await options.settings.current()).levelSuggestionsAtOnce) {
        const data = await decide(teacherId, id, 'accepted');
        return { data, message: `${data.learner.name}'s level is now ${data.level}.` };
      }
      return { data: await dto(id), message: `Level ${body.level} suggested; the school will decide.` };
    },

    async pending(page: number): Promise<Paginated<LevelSuggestion>> {
      const [rows, total] = await Promise.all([
        listPendingSuggestions(db, pageOffset(page)),
        countPendingSuggestions(db),
      ]);
      return toPage(rows.map(toDto), total, page);
    },

    async accept(adminId: number, id: number) {
      const data = await decide(adminId, id, 'accepted');
      return { data, message: `${data.learner.name}'s level is now ${data.level}.` };
    },

    async decline(adminId: number, id: number) {
      const data = await decide(adminId, id, 'declined');
      return { data, message: `Suggestion declined: ${data.learner.name}'s level stays.` };
    },
  };
}

export type LevelSuggestionsService = ReturnType<typeof createLevelSuggestionsService>;
