import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MANTINE_STYLE_MODULES, STYLE_ELEMENT, swapStyleElements } from './mantine-styles-in-head.ts';

// The installed @mantine/core's compiled modules, as Vite reads them.
const MANTINE_ESM = dirname(fileURLToPath(import.meta.resolve('@mantine/core')));

async function modulesRenderingStyle(): Promise<string[]> {
  const files = (await readdir(MANTINE_ESM, { recursive: true })).filter((file) => file.endsWith('.mjs'));
  const found: string[] = [];
  for (const file of files) {
    const code = await readFile(join(MANTINE_ESM, file), 'utf8');
    if (new RegExp(STYLE_ELEMENT.source).test(code)) found.push(file.split('\\').join('/'));
  }
  return found.sort();
}

describe('mantineStylesInHead against the installed Mantine', () => {
  it('knows every module that renders a <style> element', async () => {
    expect(await modulesRenderingStyle()).toEqual([...MANTINE_STYLE_MODULES].sort());
  });

  it.each(MANTINE_STYLE_MODULES)('leaves no <style> element in %s', async (module) => {
    const id = join(MANTINE_ESM, module);
    const swapped = swapStyleElements(await readFile(id, 'utf8'), id);
    expect(swapped).not.toMatch(new RegExp(STYLE_ELEMENT.source));
    expect(swapped).toMatch(/^import \{ HeadStyle \} from ".*head-style\.ts";\n/);
    expect(swapped).toContain('jsx(HeadStyle,');
  });

  it('stops the build when a module no longer renders the element as expected', () => {
    expect(() => swapStyleElements('createElement("style", props)', 'InlineStyles.mjs')).toThrow(
      /no longer renders jsx\("style"/,
    );
  });
});
