/// <reference path="./html-to-text.d.ts" />
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SchoolName } from './templates/mail-layout';

export type RenderedMail = { subject: string; html: string; text: string };

// @react-email/render's plainText option, compiled once: its own call renders the tree a second time and
// compiles html-to-text's options on every mail, which was most of a booking's CPU time (issue 15).
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

// The doctype @react-email/render puts before the document, which email clients expect.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Both parts from one tree, so the plain text never says less than the HTML. `school` is the school's
 * name as its settings say now (issue 19), for the layout and any sentence that names the school.
 * React's synchronous renderToStaticMarkup rather than @react-email/render's `render`: that one streams
 * (for Suspense, which no template uses) and imports react-dom/server on every call; a booking
 * confirmation took about 4 times as long to render that way (issue 15). The markup is the same but
 * for the streaming renderer's comments (`<!--$-->` boundaries, `<!-- -->` between texts). React would
 * add an image preload link for an `<img>`, which `render` strips; no template has one.
 */
export function renderMail(subject: string, element: ReactElement, school: string): RenderedMail {
  const html = DOCTYPE + renderToStaticMarkup(createElement(SchoolName.Provider, { value: school }, element));
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
