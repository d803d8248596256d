import { z } from 'zod';
import { envelope } from './common.ts';

// A full class takes a queue; a freed seat goes to the first in line with enough credits.

export { waitlistPositionLabel } from './constants.ts';

/** POST join-waitlist: the class, as for book-class; the credits are checked, never taken. */
export const joinWaitlistBodySchema = z.object({
  schedule_id: z.number().int().min(1).max(2_147_483_647),
  /** The learner confirmed waiting for a class outside their level (the school's rule "warn" asks first). */
  confirm_level: z.boolean().optional(),
});
export type JoinWaitlistBody = z.infer<typeof joinWaitlistBodySchema>;

/** A learner's place on the waitlist of a class still to come. */
export const userWaitlistEntrySchema = z.object({
  schedule_id: z.number().int(),
  /** 1 for the first in line. */
  position: z.number().int(),
  joined_at: z.iso.datetime(),
  title: z.string(),
  course_title: z.string().nullable(),
  starts_at: z.iso.datetime(),
  duration_min: z.number().int(),
  number_token: z.number().int(),
  /** After this moment nobody is promoted and the waitlist closes (WAITLIST_CUTOFF_HOURS before the start). */
  closes_at: z.iso.datetime(),
});
export type UserWaitlistEntry = z.infer<typeof userWaitlistEntrySchema>;
export const userWaitlistResponseSchema = envelope(z.array(userWaitlistEntrySchema));
export const joinWaitlistResponseSchema = z.object({ data: userWaitlistEntrySchema, message: z.string() });
export const leaveWaitlistResponseSchema = z.object({
  data: z.object({ schedule_id: z.number().int() }),
  message: z.string(),
});

/** A place in line as administrators see it on the class's edit page. */
export const adminWaitlistEntrySchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  joined_at: z.iso.datetime(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export const adminWaitlistResponseSchema = envelope(z.array(adminWaitlistEntrySchema));
export const adminWaitlistRemoveResponseSchema = z.object({
  data: z.object({ id: z.number().int(), schedule_id: z.number().int() }),
  message: z.string(),
});
