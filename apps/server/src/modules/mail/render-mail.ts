/// <reference path="./html-to-text.d.ts" />
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { createElement, type ReactElement } from 'react';
import { SchoolName } from './templates/mail-layout';

export type RenderedMail = { subject: string; html: string; text: string };

// @react-email/render's plainText option, compiled once: its own call renders the tree a second time and
// compiles html-to-text's options on every mail, which was most of a booking's CPU time (issue 15).
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * Both parts from one tree, so the plain text never says less than the HTML. `school` is the school's
 * name as its settings say now (issue 19), for the layout and any sentence that names the school.
 */
export async function renderMail(
  subject: string,
  element: ReactElement,
  school: string,
): Promise<RenderedMail> {
  const html = await render(createElement(SchoolName.Provider, { value: school }, element));
  return { subject, html, text: toPlainText(html) };
}

// An Intl.DateTimeFormat costs far more to build than to use: one per zone, kept.
const mailTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday, 1 December 2026 at 15:00 GMT+1 (Europe/Paris)": local time, the zone named twice over. */
export function formatMailTime(instant: Date, timeZone: string): string {
  let format = mailTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    mailTimeFormats.set(timeZone, format);
  }
  return `${format.format(instant)} (${timeZone})`;
}
