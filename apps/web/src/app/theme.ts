import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm indigo brand. The filled shade (7) keeps white text above 4.5:1 (WCAG AA).
const brand: MantineColorsTuple = [
  '#eef1ff',
  '#dfe3ff',
  '#bcc4fb',
  '#96a2f7',
  '#7684f3',
  '#6272f1',
  '#5668f0',
  '#4656d6',
  '#3c4cc0',
  '#2f3fa9',
];

// Warm accent for highlights (always with dark text).
const sun: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8400',
  '#af7100',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, sun },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Whoever asks their system for less motion gets dialogs, menus and notices without animation.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    // Every modal's close button is an icon only: name it (axe button-name), dialog helpers included.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Container: { defaultProps: { size: 'lg' } },
  },
});

// Mantine's default dimmed (gray 6) and error (red 6) texts fall below 4.5:1 on white: darken them.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
