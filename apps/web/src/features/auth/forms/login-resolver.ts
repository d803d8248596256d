import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@tokenly/contract/auth';

/** Loaded by the sign-in page on first use (lib/lazy-resolver.ts). */
export const loginResolver = zodResolver(loginBodySchema);
