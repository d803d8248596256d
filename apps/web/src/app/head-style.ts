import { type ComponentProps, createElement } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where Mantine's own <style> elements go (its CSS variables, responsive classes and the inline styles of
 * responsive props, SimpleGrid and Grid): into <head>, the only place HTML allows them, instead of beside
 * the component in <body>. plugins/mantine-styles-in-head.ts swaps it in for the element in those
 * Mantine modules; a portal keeps React in charge, so each style still leaves with its component.
 */
export function HeadStyle(props: ComponentProps<'style'>) {
  return createPortal(createElement('style', props), document.head);
}
