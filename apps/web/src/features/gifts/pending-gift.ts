// The code of a gift link opened before signing in, kept for this tab through sign-in or sign-up (and
// any page between) until the Gifts page has it in its form.
const KEY = 'tokenly.pendingGift';

export const pendingGift = {
  get: (): string | null => window.sessionStorage.getItem(KEY),
  set: (code: string) => window.sessionStorage.setItem(KEY, code),
  clear: () => window.sessionStorage.removeItem(KEY),
};
