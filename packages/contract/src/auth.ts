import { LOCALES } from '@tokenly/i18n/locales';
import { z } from 'zod';
import { envelope, idInput, numberInput, singleLine, timeZoneInput } from './common.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { cefrLevelSchema } from './levels.ts';
import { MESSAGES } from './messages.ts';

export const ROLES = ['admin', 'user', 'teacher'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const localeSchema = z.enum(LOCALES, { error: `Choose one of ${LOCALES.join(', ')}.` });

// SPEC.md leaves password length open. The common-password part of the rule is the server's
// (apps/server/src/lib/password-policy.ts): its list is too big for a browser to download with the form.
export { LEVELS, PASSWORD_MIN_LENGTH } from './constants.ts';
export const PASSWORD_MAX_LENGTH = 200;

const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong({ max: EMAIL_MAX_LENGTH }))
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const nameSchema = singleLine(
  z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(NAME_MAX_LENGTH, MESSAGES.nameTooLong({ max: NAME_MAX_LENGTH })),
);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort({ min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong({ max: PASSWORD_MAX_LENGTH }))
  .refine((value) => value.trim() !== '', MESSAGES.passwordBlank);

export const levelSchema = numberInput(
  MESSAGES.levelRequired,
  z.number().int(MESSAGES.levelRequired).min(1, MESSAGES.levelRequired).max(3, MESSAGES.levelRequired),
);

/** An IANA zone name such as Europe/London; the browser gives it at sign-up, Settings changes it. */
export const timezoneSchema = timeZoneInput(MESSAGES.timeZoneInvalid);

/** Fields of the sign-up payload, before the cross-field rule (kept apart so the form can extend it). */
export const registerFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  password_confirmation: z.string({ error: MESSAGES.confirmPassword }).max(PASSWORD_MAX_LENGTH),
  level: levelSchema,
  // Not in SPEC.md: a visitor's finished placement test, whose result becomes the new learner's level.
  placement_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  // Not in SPEC.md: the browser's zone, for the times in mail; absent means APP_TIMEZONE.
  timezone: timezoneSchema.optional(),
  // Not in SPEC.md: the language the learner signed up in, for their pages and mail; absent means English.
  locale: localeSchema.optional(),
  // SPEC.md's session field (spelled so): the sponsor's id from the sponsor link's look-up; null or absent
  // when the visitor came without one.
  referal_id: idInput('referal_id must be a whole number from 1.').nullable().optional(),
});

/** Cross-field rule shared by the server body and the web form; keeps the schema's own input and output types. */
export const passwordsMatch = <S extends z.ZodType<{ password: string; password_confirmation: string }>>(
  schema: S,
) =>
  schema.refine((value) => value.password === value.password_confirmation, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });

export const registerBodySchema = passwordsMatch(registerFieldsSchema);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
  // Only true or false: z.coerce.boolean made the text "false" true.
  remember: z.boolean({ error: 'remember must be true or false.' }).optional().default(false),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const adminLoginBodySchema = loginBodySchema.omit({ remember: true });
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_role: roleSchema,
  level: z.number().int().nullable(),
  /** A learner's CEFR level (the learning path); null for other roles and learners without one. */
  cefr_level: cefrLevelSchema.nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  /** The language of the user's pages and mail. */
  locale: localeSchema,
  /** When the owner opened the link of the welcome mail; null until then. */
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  /** When an administrator disabled the account; null while it is active. */
  disabled_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const verifyEmailBodySchema = z.object({
  token: singleLine(z.string({ error: MESSAGES.linkInvalid }).min(1, MESSAGES.linkInvalid).max(200)),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** Both login shapes of SPEC.md section 4 in one body (DESIGN.md section 5). */
export const authResponseSchema = z.object({
  access_token: z.string(),
  token: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: z.string(),
  }),
  user_type: roleSchema,
  user_role: roleSchema,
  data: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * POST register: the signed-in learner, or, for an address that already has an account, no session and a
 * message to read the mail its owner was sent (the answer does not say which addresses are known).
 */
export const registerResponseSchema = z.union([
  authResponseSchema,
  z.object({ data: z.null(), message: z.string() }),
]);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const userDetailsResponseSchema = envelope(userSchema);

/** POST user-locale: the language menu's choice, kept in the account for the user's mail. */
export const userLocaleBodySchema = z.strictObject({ locale: localeSchema });
export type UserLocaleBody = z.infer<typeof userLocaleBodySchema>;

export const userDetailsSaveBodySchema = z
  .object({
    name: nameSchema,
    // SPEC.md: password optional; an empty string means "keep the current one".
    password: z
      .union([z.literal(''), passwordSchema])
      .optional()
      .transform((value) => (value ? value : undefined)),
    // A new password needs the current one and a confirmation, so a session left open in a
    // browser cannot take the account over. A name-only save sends neither.
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    timezone: timezoneSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.password === undefined) return;
    if (!value.current_password) {
      context.addIssue({
        code: 'custom',
        message: MESSAGES.currentPasswordRequired,
        path: ['current_password'],
      });
    }
    if (value.password_confirmation !== value.password) {
      context.addIssue({
        code: 'custom',
        message: MESSAGES.passwordsDoNotMatch,
        path: ['password_confirmation'],
      });
    }
  });
export type UserDetailsSaveBody = z.input<typeof userDetailsSaveBodySchema>;

export const userDetailsSaveResponseSchema = z.object({ data: userSchema, message: z.string() });

export const healthResponseSchema = envelope(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
);

/** GET ready: the database and the job queue both answer, so the process can take traffic. */
export const readyResponseSchema = envelope(
  z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
);

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordFieldsSchema = z.object({
  token: singleLine(z.string({ error: MESSAGES.thisLinkInvalid }).min(1).max(200)),
  password: passwordSchema,
  password_confirmation: z.string({ error: MESSAGES.confirmPassword }).max(PASSWORD_MAX_LENGTH),
});
export const resetPasswordBodySchema = passwordsMatch(resetPasswordFieldsSchema);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** A call whose whole answer is a sentence to show. */
export const messageResponseSchema = z.object({
  data: z.object({ ok: z.literal(true) }),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;
