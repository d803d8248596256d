import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { emailSchema, nameSchema } from './auth.ts';
import { envelope, multiLine, paginated, singleLine } from './common.ts';
import { MESSAGES } from './messages.ts';

// The home page's contact form (SPEC.md section 1): one schema for the form and the
// call, so the browser and the server refuse the same things with the same words.

/**
 * SPEC.md's 10 characters cannot hold an international number ("+81 90 1234 5678"): DESIGN.md section 7
 * takes up to 20, checked as a phone number by libphonenumber-js.
 */
export const CONTACT_PHONE_MAX_LENGTH = 20;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
const CONTACT_COURSE_MAX_LENGTH = 100;

export const contactBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  // Any country's number, written with its country code; kept as E.164 ("+819012345678"), one spelling
  // whatever the sender typed.
  phone: singleLine(
    z
      .string()
      .trim()
      .max(CONTACT_PHONE_MAX_LENGTH, MESSAGES.phoneTooLong({ max: CONTACT_PHONE_MAX_LENGTH })),
  )
    .transform((value, context) => {
      if (value === '') return '';
      const number = parsePhoneNumberFromString(value);
      if (number?.isValid()) return number.number;
      context.issues.push({ code: 'custom', message: MESSAGES.phoneInvalid, input: value });
      return z.NEVER;
    })
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
