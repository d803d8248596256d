import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, userSchema } from './auth';
import { envelope, paginated } from './common';
import { paymentSchema } from './payments';

/** SPEC.md "User (admin lists)": id, name, email, user_role, plus level, country and created_at. */
export const userPageResponseSchema = envelope(paginated(userSchema));

/** POST admin-adminuser: another administrator. */
export const adminCreateBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type AdminCreateBody = z.infer<typeof adminCreateBodySchema>;
export const adminCreateResponseSchema = envelope(userSchema);

export const studentBookingSchema = z.object({
  id: z.number().int(),
  schedule_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  schedule_time: z.string(),
  credits: z.number().int(),
  status: z.enum(['booked', 'cancelled']),
  created_at: z.string(),
});
export type StudentBooking = z.infer<typeof studentBookingSchema>;

export const STUDENT_RECENT_LIMIT = 20;

/** GET admin-student/:id: the learner with the latest bookings and payments and the token balance. */
export const studentDetailsSchema = z.object({
  user: userSchema,
  bookings: z.array(studentBookingSchema),
  payments: z.array(paymentSchema),
  balance: z.number().int(),
});
export type StudentDetails = z.infer<typeof studentDetailsSchema>;
export const studentDetailsResponseSchema = envelope(studentDetailsSchema);

/** PUT admin-adminuser/:id: an administrator's name and email (the password is theirs to change). */
export const adminUpdateBodySchema = z.object({ name: nameSchema, email: emailSchema });
export type AdminUpdateBody = z.infer<typeof adminUpdateBodySchema>;
export const accountResponseSchema = envelope(userSchema);
