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

/** Where an enquiry stands: nobody has answered it yet, the school replied from the product, or it is done. */
export const CONTACT_MESSAGE_STATUSES = ['new', 'replied', 'closed'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** A row of the admin Messages screen. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  course: z.string(),
  message: z.string(),
  created_at: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  /** The school's answer as mailed, and when and by whom (null until answered). */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  replied_by: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagePageResponseSchema = envelope(paginated(contactMessageSchema));
export const contactMessageResponseSchema = envelope(contactMessageSchema);

export const CONTACT_REPLY_MAX_LENGTH = 5000;
/** POST admin-contact-messages/:id/reply. */
export const contactReplyBodySchema = z.object({
  reply: multiLine(
    z
      .string({ error: 'Write the reply.' })
      .trim()
      .min(1, 'Write the reply.')
      .max(CONTACT_REPLY_MAX_LENGTH, `The reply can be at most ${CONTACT_REPLY_MAX_LENGTH} characters.`),
  ),
});
export type ContactReplyBody = z.infer<typeof contactReplyBodySchema>;
