import { z } from 'zod';
import { emailSchema, nameSchema } from './auth';
import { envelope, multiLine, paginated, singleLine } from './common';

// The home page's contact form (SPEC.md section 1; issue 12 wires it): one schema for the form and the
// call, so the browser and the server refuse the same things with the same words.

/** SPEC.md: "Contact form phone: at most 10 characters." */
export const CONTACT_PHONE_MAX_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const contactBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: singleLine(
    z
      .string()
      .trim()
      .max(CONTACT_PHONE_MAX_LENGTH, `Phone must be at most ${CONTACT_PHONE_MAX_LENGTH} characters.`),
  )
    .optional()
    .default(''),
  course: singleLine(
    z
      .string({ error: 'Choose the course you are interested in.' })
      .trim()
      .min(1, 'Choose the course you are interested in.')
      .max(100, 'Course must be at most 100 characters.'),
  ),
  message: multiLine(
    z
      .string({ error: 'Write a short message.' })
      .trim()
      .min(1, 'Write a short message.')
      .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`),
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
