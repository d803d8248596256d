import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@tokenly/contract/auth';
import { localizedResolver } from '../../../lib/form-errors';

/** Loaded by the forgot- and reset-password pages on first use (lib/lazy-resolver.ts), like sign-in's. */
export const forgotPasswordResolver = localizedResolver(zodResolver(forgotPasswordBodySchema));
export const resetPasswordResolver = localizedResolver(zodResolver(resetPasswordBodySchema));
