import { fileURLToPath } from 'node:url';
import { checkCatalogs, keyUsage, readCatalogs, sourceFiles } from './check-catalogs.ts';

// `npm run check -w @tokenly/i18n`, run by the root `npm run lint`: exits 1 and lists every problem.
const root = new URL('../../../', import.meta.url);
const code = sourceFiles(
  ['apps/web/src', 'apps/server/src', 'packages/contract/src'].map((folder) =>
    fileURLToPath(new URL(folder, root)),
  ),
);
const problems = checkCatalogs(readCatalogs(new URL('packages/i18n/catalogs/', root)), keyUsage(code));
if (problems.length > 0) {
  console.error(
    `The message catalogs have ${problems.length} problem(s):\n${problems.map((one) => `- ${one}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Message catalogs: every language complete and consistent.');
