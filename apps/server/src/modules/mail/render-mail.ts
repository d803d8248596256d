import { render } from '@react-email/render';
import type { ReactElement } from 'react';

export type RenderedMail = { subject: string; html: string; text: string };

/** Both parts from one tree, so the plain text never says less than the HTML. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

/** "Tuesday, 1 December 2026 at 15:00 GMT+1 (Europe/Paris)": local time, the zone named twice over. */
export function formatMailTime(instant: Date, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
  return `${local} (${timeZone})`;
}
