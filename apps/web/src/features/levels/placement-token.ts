// The token of this browser's placement test, kept across reloads and through sign-up (which sends it,
// so a visitor's result becomes the new learner's level), as the booking intent is kept.
const STORAGE_KEY = 'tokenly.placement';

export const placementTokenStore = {
  get(): string | null {
    try {
      return window.localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  save(token: string) {
    try {
      window.localStorage.setItem(STORAGE_KEY, token);
    } catch {
      // Private mode: the test still runs in this tab, only a reload loses it.
    }
  },
  clear() {
    try {
      window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing kept.
    }
  },
};
