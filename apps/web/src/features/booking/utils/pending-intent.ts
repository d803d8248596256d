import type { BookingIntent } from '@tokenly/contract/bookings';
import { useSyncExternalStore } from 'react';

// SPEC.md section 3: the booking intent survives the sign-up detour in localStorage, and the detour to
// buy credits. The title is kept too, so the banner can say what the learner was booking; `waitlist`
// marks a full class's Join waitlist, which takes the same detour; `from` is the page the
// learner was booking on, where finishing the booking takes them back.
const STORAGE_KEY = 'tokenly.pendingBooking';

export type PendingIntent = Required<Pick<BookingIntent, 'schedule_id'>> &
  Pick<BookingIntent, 'course_id' | 'credits' | 'date' | 'time'> & {
    title: string;
    starts_at: string;
    waitlist?: boolean;
    /** The path and query of the page where Book Now was pressed. */
    from?: string;
  };

function read(): PendingIntent | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { schedule_id, title, starts_at } = value as Record<string, unknown>;
    if (typeof schedule_id !== 'number' || typeof title !== 'string' || typeof starts_at !== 'string')
      return null;
    return value as PendingIntent;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: PendingIntent | null = typeof window === 'undefined' ? null : read();

export const pendingIntentStore = {
  get: () => current,
  save(intent: PendingIntent) {
    current = intent;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(intent));
    for (const listener of listeners) listener();
  },
  clear() {
    current = null;
    window.localStorage.removeItem(STORAGE_KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePendingIntent(): PendingIntent | null {
  return useSyncExternalStore(pendingIntentStore.subscribe, pendingIntentStore.get, () => null);
}
