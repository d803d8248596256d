// WCAG relative luminance: picks black or white text for a label on a class-type colour. Pure black is
// needed: one of black or white always reaches at least 4.58:1 (axe's 4.5:1 rule), whatever colour an
// admin chose, while a softer dark grey leaves mid-tone blues and reds failing both.
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#FFFFFF';

function channel(hex: string): number {
  const value = Number.parseInt(hex, 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminance(color: string): number | undefined {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return 0.2126 * channel(match[1]) + 0.7152 * channel(match[2]) + 0.0722 * channel(match[3]);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export function readableTextColor(background: string): string {
  const bg = luminance(background);
  if (bg === undefined) return DARK_TEXT;
  return contrast(bg, 1) >= contrast(bg, 0) ? LIGHT_TEXT : DARK_TEXT;
}
