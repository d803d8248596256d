import { describe, expect, it } from 'vitest';
import { readableTextColor } from './readable-text-color';

describe('readableTextColor', () => {
  it('puts dark text on light colours and white text on dark ones', () => {
    expect(readableTextColor('#FFFFFF')).toBe('#000000');
    expect(readableTextColor('#F2C94C')).toBe('#000000');
    expect(readableTextColor('#1B4332')).toBe('#FFFFFF');
    expect(readableTextColor('#000000')).toBe('#FFFFFF');
  });

  it('keeps at least 4.5:1 on the mid-tone colours where a dark grey fails', () => {
    // Core Flex blue and a coral red: white gives 3.9:1 and 3.5:1, so black is the readable choice.
    expect(readableTextColor('#2F80ED')).toBe('#000000');
    expect(readableTextColor('#EB5757')).toBe('#000000');
  });

  it('falls back to dark text for a colour it cannot read', () => {
    expect(readableTextColor('not a colour')).toBe('#000000');
  });
});
