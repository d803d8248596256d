import { z } from 'zod';
import { envelope, singleLine } from './common.ts';

// A class's video room (docs/classroom.md): the Join button asks the server for the address to open.

/** Who makes each class's video room, a school setting: `manual` is the links typed into the class. */
export const CLASSROOM_PROVIDERS = ['jitsi', 'bbb', 'manual'] as const;
export type ClassroomProvider = (typeof CLASSROOM_PROVIDERS)[number];
export const CLASSROOM_PROVIDER_LABELS = {
  jitsi: 'Jitsi Meet',
  bbb: 'BigBlueButton',
  manual: 'Links typed by hand',
} as const satisfies Record<ClassroomProvider, string>;

/** POST class/:id/join: the address of the class's room for the signed-in learner or teacher. */
export const classJoinSchema = z.object({ url: z.string() });
export type ClassJoin = z.infer<typeof classJoinSchema>;
export const classJoinResponseSchema = envelope(classJoinSchema);

/** GET classroom/bbb/ended: BigBlueButton's end-of-meeting callback, signed with our own token. */
export const bbbEndedQuerySchema = z.object({
  room: singleLine(z.string().min(1).max(100)),
  token: singleLine(z.string().min(1).max(200)),
  meetingID: singleLine(z.string().max(200)).optional(),
  recordingmarks: singleLine(z.string().max(20)).optional(),
});
export type BbbEndedQuery = z.infer<typeof bbbEndedQuerySchema>;

/**
 * POST classroom/bbb/analytics: BigBlueButton's learning-analytics report at a meeting's end, signed with
 * the shared secret (a bearer token). Only what attendance needs is read; the rest is ignored.
 */
export const bbbAnalyticsBodySchema = z.object({
  meeting_id: singleLine(z.string().min(1).max(200)),
  data: z.object({
    start: singleLine(z.string().max(40)).optional(),
    attendees: z
      .array(
        z.object({
          // The userID the signed join call gave: our user id.
          ext_user_id: singleLine(z.string().max(100)).optional(),
          moderator: z.boolean().optional(),
        }),
      )
      .max(1000),
  }),
});
export type BbbAnalyticsBody = z.infer<typeof bbbAnalyticsBodySchema>;
