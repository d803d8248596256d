import { MESSAGES } from '@tokenly/contract/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error';

// NIST SP 800-63B: a new password is refused when it is on a list of commonly used or compromised
// passwords, or is a repetition or sequence, or contains a context word (the account's address). The
// length and blank rules are the contract's (the form shows them before sending); this is the part the
// browser cannot check without downloading the list. zxcvbn-ts's common list holds 49,000 passwords
// from public breaches; only those of ten characters or more can still match, about 1,600.
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

/** One character repeated ("aaaaaaaaaa"), or a run along a sequence or a keyboard row, either way. */
function isRepetitionOrRun(password: string): boolean {
  if (new Set(password).size === 1) return true;
  return SEQUENCES.some((sequence) => {
    const both = [sequence, [...sequence].reverse().join('')];
    return both.some((line) => line.repeat(4).includes(password));
  });
}

/** The message of the rule a new password breaks, or null when it may be used. */
export function passwordProblem(password: string, email?: string): string | null {
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered) || COMMON.has(lowered.trim()) || isRepetitionOrRun(lowered)) {
    return MESSAGES.passwordCommon;
  }
  const mailbox = email?.split('@')[0]?.toLowerCase() ?? '';
  if (
    email &&
    (lowered.includes(email.toLowerCase()) || (mailbox.length >= 4 && lowered.includes(mailbox)))
  ) {
    return MESSAGES.passwordHasEmail;
  }
  return null;
}

/** Throws the 422 of a new password that breaks the rule, under the form's `field`. */
export function checkNewPassword(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError('VALIDATION', problem, { [field]: [problem] });
}
