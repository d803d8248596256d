import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';

// Set while the first pass runs: the config file it loads again must not start another.
const FIRST_PASS = Symbol.for('tokenly.landing-chunks.first-pass');
type WithFirstPass = typeof globalThis & { [FIRST_PASS]?: boolean };
/** The chunks of what the same landing and guarded pages load: landing-set-0, landing-set-1… */
const LANDING_SET = 'landing-set-';
/**
 * The largest chunk (bytes gzip) joined with others: what costs a landing page a round trip is the small
 * ones, and a page outside the set that loads one of them loads the others too; a library (a form's)
 * stays its own.
 */
const SMALL_CHUNK = 4096;

/**
 * Fewer chunks per landing page: Lighthouse's slow 4G over HTTP/1.1 pays a round trip for each of a
 * page's twenty small chunks. The code both families of pages (lists of page modules) keep
 * joins the first chunk; each family gets one chunk of code the other does not keep, so neither loads
 * the other's. Any page that keeps one module of a family's chunk loads all of it, so the chunk takes
 * only what keeps each guarded page (page → bytes gzip) within its limit, or within what it loads now if
 * above (a limit of 0: no more than now). Which modules a page keeps is the bundler's own answer, after
 * tree shaking, from a first build of the same config: Mantine's modules import one another by
 * side-effect imports the bundle drops, so the module graph alone would put most of Mantine in every
 * family.
 *
 * The small chunks a landing page (`landing`) loads besides are joined, one chunk for each set of landing
 * and guarded pages that loads them: where the bundler made eleven for the home page, /membership and
 * /payment alone, one. Every page of the set loads all of such a chunk or none of it, so no landing or
 * guarded page loads more than the bundler's own split gives it; another page that loads one of the
 * joined chunks loads the others too (the signed-in areas' frames, 1.5 KB gzip).
 *
 * `groups` are build.rolldownOptions.output.codeSplitting.groups, `firstChunk` included (in the first
 * pass, the modules every entry loads); `plugin` goes in plugins.
 */
export function landingChunks(
  families: Record<string, string[]>,
  guarded: Record<string, number>,
  landing: string[],
  firstChunk: string,
): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let chunkOf = new Map<string, string>();
  const state = globalThis as WithFirstPass;
  if (state[FIRST_PASS])
    return { plugin: { name: 'tokenly-landing-chunks' }, groups: [{ name: firstChunk, tags: ['$initial'] }] };
  const plugin: Plugin = {
    name: 'tokenly-landing-chunks',
    apply: 'build',
    // The groups take a chunk's modules without what they import, so a chunk left outside could import
    // a joined one that imports it back, and a module could then run before one it needs.
    generateBundle(_options, bundle) {
      const circle = importCircle(Object.values(bundle).filter((file) => file.type === 'chunk'));
      if (circle) this.error(`landingChunks: chunks import each other in a circle: ${circle.join(' → ')}`);
    },
    async configResolved(config) {
      if (state[FIRST_PASS] || !config.configFile) return;
      state[FIRST_PASS] = true;
      try {
        const output = await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false, manifest: false },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
          'output' in result ? result.output.filter((file) => file.type === 'chunk') : [],
        );
        const at = (source: string) => resolve(config.root, source);
        const pages = Object.fromEntries(
          Object.entries(families).map(([family, sources]) => [family, sources.map(at)]),
        );
        chunkOf = assignModules(
          chunks,
          pages,
          Object.entries(guarded).map(([source, limit]) => [at(source), limit] as const),
          landing.map(at),
          firstChunk,
        );
      } finally {
        state[FIRST_PASS] = false;
      }
    },
  };
  // By default a group also takes every module its modules import, tree-shaken or kept by other pages
  // (Mantine's side-effect imports again): the first pass has named every module a page keeps already.
  const group = (
    debugName: string,
    named: (name: string | undefined) => boolean,
    priority: number,
  ): Rolldown.CodeSplittingGroup => ({
    name: (id) => {
      const name = chunkOf.get(id);
      return named(name) ? (name ?? null) : null;
    },
    debugName,
    priority,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      group(firstChunk, (name) => name === firstChunk, 2),
      ...Object.keys(families).map((family) => group(family, (name) => name === family, 1)),
      group(LANDING_SET, (name) => name?.startsWith(LANDING_SET) ?? false, 1),
    ],
  };
}

/**
 * Module → chunk name. A first-pass chunk that both families' pages import joins the first chunk. One
 * that a single family's pages import joins that family's chunk unless a guarded page would then load
 * more than its limit (or more than it loads now, if above it already): any page
 * that keeps one module of a family chunk loads all of it. Of the rest, the small chunks a landing page
 * loads join others that the same landing and guarded pages load; the others stay as the bundler split
 * them. The page modules keep chunks of their own (the manifest names them, and the routes import them).
 */
function assignModules(
  chunks: Rolldown.OutputChunk[],
  families: Record<string, string[]>,
  guarded: (readonly [string, number])[],
  landing: string[],
  firstChunk: string,
): Map<string, string> {
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('landingChunks: the first pass has no entry chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pageChunk = (page: string) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === page);
    if (!chunk) throw new Error(`landingChunks: ${page} is not a chunk of its own`);
    return chunk;
  };
  const size = new Map(chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code).length]));
  const sizeOf = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + (size.get(file) ?? 0), 0);
  const pageFiles = new Set(
    Object.values(families)
      .flat()
      .map((page) => pageChunk(page).fileName),
  );
  const familyOf = new Map<string, Set<string>>();
  for (const [family, pages] of Object.entries(families))
    for (const page of pages)
      for (const file of staticClosure(pageChunk(page), byFile, entry.fileName))
        if (!pageFiles.has(file)) familyOf.set(file, (familyOf.get(file) ?? new Set()).add(family));
  const shared = [...familyOf].filter(([, by]) => by.size > 1).map(([file]) => file);
  const pages = guarded.map(([page, limit]) => {
    const files = staticClosure(pageChunk(page), byFile, entry.fileName);
    const now = sizeOf(files) + sizeOf([entry.fileName]);
    return { files, budget: Math.max(limit, now) - sizeOf(shared.filter((file) => !files.has(file))) };
  });
  const placed = new Map<string, string>(shared.map((file) => [file, firstChunk]));
  for (const family of Object.keys(families)) {
    const chosen: string[] = [];
    const fits = (files: string[]) =>
      pages.every(
        ({ files: kept, budget }) =>
          !files.some((file) => kept.has(file)) ||
          sizeOf([...kept]) + sizeOf(files.filter((file) => !kept.has(file))) + sizeOf([entry.fileName]) <=
            budget,
      );
    const candidates = [...familyOf]
      .filter(([, by]) => by.size === 1 && by.has(family))
      .map(([file]) => file);
    for (const file of candidates.sort((a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0)))
      if (fits([...chosen, file])) chosen.push(file);
    for (const file of chosen) placed.set(file, family);
  }
  // The rest of what the landing pages load, by the landing and guarded pages that load each chunk. Page
  // chunks stay their own, as the routes import them.
  const landingLoads = landing.map((page) => staticClosure(pageChunk(page), byFile, entry.fileName));
  const loads = [...landingLoads, ...pages.map(({ files }) => files)];
  const bySet = new Map<string, string[]>();
  for (const chunk of chunks) {
    const file = chunk.fileName;
    if (chunk.isDynamicEntry || placed.has(file) || (size.get(file) ?? 0) > SMALL_CHUNK) continue;
    if (!landingLoads.some((files) => files.has(file))) continue;
    const set = loads.flatMap((files, index) => (files.has(file) ? [index] : [])).join();
    bySet.set(set, [...(bySet.get(set) ?? []), file]);
  }
  [...bySet.values()]
    .filter((files) => files.length > 1)
    .forEach((files, index) => {
      for (const file of files) placed.set(file, `${LANDING_SET}${index}`);
    });
  const chunkOf = new Map<string, string>();
  for (const [file, name] of placed)
    for (const id of byFile.get(file)?.moduleIds ?? []) chunkOf.set(id, name);
  for (const id of entry.moduleIds) chunkOf.set(id, firstChunk);
  return chunkOf;
}

/** A circle of static imports among the chunks, as their files, if there is one. */
export function importCircle(
  chunks: Pick<Rolldown.OutputChunk, 'fileName' | 'imports'>[],
): string[] | undefined {
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (done.has(file)) return undefined;
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    path.push(file);
    for (const next of importsOf.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const chunk of chunks) {
    const circle = visit(chunk.fileName);
    if (circle) return circle;
  }
  return undefined;
}

/** The chunk's file and those of the chunks it imports statically, but the first chunk. */
function staticClosure(
  chunk: Rolldown.OutputChunk,
  byFile: Map<string, Rolldown.OutputChunk>,
  entry: string,
): Set<string> {
  const seen = new Set<string>();
  const visit = (current: Rolldown.OutputChunk) => {
    if (seen.has(current.fileName) || current.fileName === entry) return;
    seen.add(current.fileName);
    for (const file of current.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(chunk);
  return seen;
}
