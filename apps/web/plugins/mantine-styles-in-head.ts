import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The Mantine modules that render a <style> element beside the component (its CSS variables, responsive
 * classes and the inline styles of responsive props, SimpleGrid and Grid), relative to @mantine/core/esm.
 * Mantine offers no option that puts all of them in <head>: `deduplicateInlineStyles` hoists only Box's
 * and Flex's, and the variables and classes have none. mantine-styles-in-head.test.ts fails when this
 * list no longer names every such module of the installed Mantine.
 */
export const MANTINE_STYLE_MODULES = [
  'core/InlineStyles/InlineStyles.mjs',
  'core/MantineProvider/MantineClasses/MantineClasses.mjs',
  'core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs',
];

/** How Mantine's compiled modules render the element: the automatic JSX runtime's call. */
export const STYLE_ELEMENT = /\bjsxs?\(\s*"style",/g;

const HEAD_STYLE = fileURLToPath(new URL('../src/app/head-style.ts', import.meta.url));

const isStyleModule = (id: string) =>
  MANTINE_STYLE_MODULES.some((module) => id.endsWith(`/@mantine/core/esm/${module}`));

/** The module with HeadStyle in place of each <style> element; throws when it renders none any more. */
export function swapStyleElements(code: string, id: string): string {
  const swapped = code.replace(STYLE_ELEMENT, 'jsx(HeadStyle,');
  if (swapped === code)
    throw new Error(`${id} no longer renders jsx("style", ...): update mantineStylesInHead`);
  return `import { HeadStyle } from ${JSON.stringify(HEAD_STYLE)};\n${swapped}`;
}

/**
 * HTML allows <style> only in <head>, but Mantine renders its own beside the component, inside <body>
 * (html-validate: element-permitted-content). This swaps the element for HeadStyle in the Mantine modules
 * that do it, and stops the build if a Mantine upgrade changes them, rather than silently stop.
 */
export function mantineStylesInHead(): Plugin {
  return {
    name: 'tokenly-mantine-styles-in-head',
    transform(code, id) {
      if (!isStyleModule(id)) return null;
      try {
        return { code: swapStyleElements(code, id), map: null };
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
