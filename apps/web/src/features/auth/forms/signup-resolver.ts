import { zodResolver } from '@hookform/resolvers/zod';
import { passwordsMatch, registerFieldsSchema } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import { z } from 'zod';
import { localizedResolver } from '../../../lib/form-errors';

// The contract's sign-up fields plus the terms box (SPEC.md section 5).
const signupFieldsSchema = registerFieldsSchema.extend({
  terms: z.boolean().refine((agreed) => agreed, MESSAGES.mustAgreeTerms),
});
export type SignupFormInput = z.input<typeof signupFieldsSchema>;
export type SignupFormOutput = z.output<typeof signupFieldsSchema>;

/** Loaded by the sign-up page on first use (lib/lazy-resolver.ts), with the translation of its messages. */
export const signupResolver = localizedResolver(zodResolver(passwordsMatch(signupFieldsSchema)));
