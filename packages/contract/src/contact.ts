import { z } from 'zod';
import { emailSchema, nameSchema } from './auth';
import { envelope, multiLine, paginated, singleLine } from './common';
import { MESSAGES } from './messages';

// The home page's contact form (SPEC.md section 1): one schema for the form and the
// call, so the browser and the server refuse the same things with the same words.

/** SPEC.md: "Contact form phone: at most 10 characters." */
export const CONTACT_PHONE_MAX_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
const CONTACT_COURSE_MAX_LENGTH = 100;

export const contactBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: singleLine(
    z
      .string()
      .trim()
      .max(CONTACT_PHONE_MAX_LENGTH, MESSAGES.phoneTooLong({ max: CONTACT_PHONE_MAX_LENGTH })),
  )
    .optional()
    .default(''),
  course: singleLine(
    z
      .string({ error: MESSAGES.courseRequired })
      .trim()
      .min(1, MESSAGES.courseRequired)
      .max(CONTACT_COURSE_MAX_LENGTH, MESSAGES.courseTooLong({ max: CONTACT_COURSE_MAX_LENGTH })),
  ),
  message: multiLine(
    z
      .string({ error: MESSAGES.messageRequired })
      .trim()
      .min(1, MESSAGES.messageRequired)
      .max(CONTACT_MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong({ max: CONTACT_MESSAGE_MAX_LENGTH })),
  ),
});
export type ContactBody = z.input<typeof contactBodySchema>;

/** A row of the admin Messages screen. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  course: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagePageResponseSchema = envelope(paginated(contactMessageSchema));
