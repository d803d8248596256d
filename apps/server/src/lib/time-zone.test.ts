import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromLocalDateTime, isoInZone, toLocalDateTime } from './time-zone';

const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Apia',
];

describe('time zone helpers', () => {
  it('maps a local wall-clock time to the instant and back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (zone, instant) => {
          const whole = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
          const local = toLocalDateTime(whole, zone);
          const back = fromLocalDateTime(local, zone);
          // A repeated hour (clocks going back) resolves to its first occurrence.
          expect(toLocalDateTime(back, zone)).toEqual(local);
          expect(back.getTime()).toBeLessThanOrEqual(whole.getTime());
        },
      ),
    );
  });

  it('resolves a half hour repeated by a half-hour DST change to its first occurrence', () => {
    // Lord Howe Island puts its clocks back from 02:00 to 01:30 on 5 April 2009: 01:30 comes twice.
    expect(
      fromLocalDateTime(
        { year: 2009, month: 4, day: 5, hour: 1, minute: 30 },
        'Australia/Lord_Howe',
      ).toISOString(),
    ).toBe('2009-04-04T14:30:00.000Z');
  });

  it('handles offsets and DST changes', () => {
    expect(
      fromLocalDateTime(
        { year: 2026, month: 1, day: 15, hour: 9, minute: 0 },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-01-15T14:00:00.000Z');
    expect(
      fromLocalDateTime(
        { year: 2026, month: 7, day: 15, hour: 9, minute: 0 },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-07-15T13:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York; it becomes 03:30 EDT.
    expect(
      fromLocalDateTime(
        { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    // 02:30 does not exist on 29 March 2026 in Berlin either.
    expect(
      fromLocalDateTime(
        { year: 2026, month: 3, day: 29, hour: 2, minute: 30 },
        'Europe/Berlin',
      ).toISOString(),
    ).toBe('2026-03-29T01:30:00.000Z');
  });

  it('adds days across month and year ends with the weekday', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
      weekday: 6,
    });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      weekday: 2,
    });
  });

  it("writes an instant in a zone's wall-clock time with that moment's offset, the same instant", () => {
    expect(isoInZone(new Date('2026-12-01T00:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-01T09:00:00+09:00');
    expect(isoInZone(new Date('2026-12-01T00:00:00Z'), 'America/New_York')).toBe('2026-11-30T19:00:00-05:00');
    expect(isoInZone(new Date('2026-07-01T00:00:00Z'), 'America/New_York')).toBe('2026-06-30T20:00:00-04:00');
    expect(isoInZone(new Date('2026-12-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-12-01T05:30:00+05:30');
    expect(isoInZone(new Date('2026-12-01T00:00:00Z'), 'UTC')).toBe('2026-12-01T00:00:00+00:00');
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (zone, instant) => {
          const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
          expect(Date.parse(isoInZone(whole, zone))).toBe(whole.getTime());
        },
      ),
    );
  });
});
