import { z } from 'zod';
import { envelope, singleLine } from './common';

// A class's video room (docs/classroom.md): the Join button asks the server for the address to open.

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
