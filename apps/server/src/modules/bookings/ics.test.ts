import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type ClassEvent, calendarFile } from './ics';

// RFC 5545 section 3.1: lines end with CRLF and are folded at 75 octets, never inside a UTF-8 character;
// TEXT values are escaped. Checked on the raw bytes, then read back by ical.js, a strict parser that
// refuses a line it cannot read.

const event = (overrides: Partial<ClassEvent> = {}): ClassEvent => ({
  uid: 'booking-7@tokenly-english',
  start: new Date('2031-05-01T09:00:00Z'),
  end: new Date('2031-05-01T09:50:00Z'),
  summary: 'Everyday Conversations (Core Flex)',
  description: 'The meeting link appears in your Class Booking List 15 minutes before the start.',
  url: null,
  cancelled: false,
  sequence: 0,
  ...overrides,
});

const NOW = new Date('2031-04-01T12:00:00Z');
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's lines as bytes, split on CRLF only. */
function rawLines(file: string): Uint8Array[] {
  const bytes = utf8.encode(file);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i + 1 < bytes.length; i += 1) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i += 1;
    }
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

function parsedEvent(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent };
}

describe('calendar files', () => {
  // 2, 3 and 4-octet characters and a combining mark, repeated so that folds land inside every kind.
  const longTitle = `${'Évening 日本語 conversation 👩‍👩‍👧 e\u0301, a; b\\ '.repeat(12)}end`;

  it('folds every line at 75 octets without splitting a character, with CRLF and nothing else', () => {
    const file = calendarFile(
      [
        event({
          summary: longTitle,
          description: `Meeting link: https://meet.example.com/${'x'.repeat(200)}`,
          url: `https://meet.example.com/${'x'.repeat(200)}`,
        }),
      ],
      { method: 'PUBLISH', now: NOW },
    );
    const lines = rawLines(file);
    expect(lines.length).toBeGreaterThan(15);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      // A fold inside a multi-octet character leaves a line that is not UTF-8.
      const text = strictUtf8.decode(line);
      expect(text).not.toMatch(/[\r\n]/);
    }
    // The long SUMMARY is really folded, onto continuation lines that start with a space.
    expect(lines.filter((line) => line[0] === 0x20).length).toBeGreaterThan(10);
  });

  it('is read back by a strict parser with every value intact', () => {
    const title = `${longTitle}\rBEGIN:VALARM\r\nATTENDEE:mailto:eve@evil.test\nX-INJECTED:1`;
    const file = calendarFile([event({ summary: title, url: 'https://meet.example.com/abc?x=1' })], {
      method: 'PUBLISH',
      now: NOW,
    });
    const { calendar, vevent } = parsedEvent(file);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Tokenly English//Class booking//EN');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe('booking-7@tokenly-english');
    // Every line break, whichever kind, is one escaped \n: none starts a property of its own.
    expect(parsed.summary).toBe(title.replace(/\r\n|\r|\n/g, '\n'));
    expect(vevent.getAllSubcomponents('valarm')).toEqual([]);
    expect(vevent.getAllProperties('attendee')).toEqual([]);
    expect(parsed.description).toBe(event().description);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2031-05-01T09:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2031-05-01T09:50:00.000Z');
    expect(parsed.startDate.zone.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/abc?x=1');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2031-04-01T12:00:00Z');
    expect(vevent.getFirstPropertyValue('status')).toBeNull();
  });

  it('marks a cancelled class, and writes the method an invitation or a cancellation needs', () => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const { calendar, vevent } = parsedEvent(
        calendarFile([event({ cancelled: true })], { method, now: NOW }),
      );
      expect(calendar.getFirstPropertyValue('method')).toBe(method);
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    }
  });

  it('holds several events, for a feed', () => {
    const file = calendarFile(
      [event(), event({ uid: 'booking-8@tokenly-english', summary: 'Business English' })],
      { method: 'PUBLISH', now: NOW },
    );
    const uids = new ICAL.Component(ICAL.parse(file))
      .getAllSubcomponents('vevent')
      .map((vevent) => vevent.getFirstPropertyValue('uid'));
    expect(uids).toEqual(['booking-7@tokenly-english', 'booking-8@tokenly-english']);
  });
});
