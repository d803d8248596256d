import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@tokenly/contract/auth';
import { localizedResolver } from '../../../lib/form-errors';

/**
 * Loaded by the sign-in page on first use (lib/lazy-resolver.ts), with the translation of the schema's
 * messages, which the page's first load then carries none of either.
 */
export const loginResolver = localizedResolver(zodResolver(loginBodySchema));
