import { render } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { SchoolName } from './templates/mail-layout';

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Both parts from one tree, so the plain text never says less than the HTML. `school` is the school's
 * name as its settings say now (issue 19), for the layout and any sentence that names the school.
 */
export async function renderMail(
  subject: string,
  element: ReactElement,
  school: string,
): Promise<RenderedMail> {
  const tree = createElement(SchoolName.Provider, { value: school }, element);
  const [html, text] = await Promise.all([render(tree), render(tree, { plainText: true })]);
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
