import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSmtpPeer } from './smtp-peer';

// The mailbox of the end-to-end tests (e2e/playwright.config.ts starts it beside the server): a real SMTP
// server on loopback, E2E_SMTP_PORT, that writes each message it accepts to E2E_MAIL_DIR as JSON, where
// the tests read the links the Outbox does not show them (e2e/fixtures: mailTo).

const dir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!dir || !Number.isInteger(port) || port <= 0) {
  throw new Error('E2E_MAIL_DIR and E2E_SMTP_PORT say where the mailbox keeps mail and listens');
}
mkdirSync(dir, { recursive: true });

let count = 0;
const peer = createSmtpPeer({
  port,
  onMail: ({ envelopeTo, parsed }) => {
    count += 1;
    const file = join(dir, `${String(count).padStart(6, '0')}.json`);
    const mail = {
      to: envelopeTo,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html || '',
    };
    // Written aside and renamed, so a reader never sees half a file.
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  },
});
await peer.listen();
process.on('SIGTERM', () => void peer.stop().then(() => process.exit(0)));
console.log(`e2e mailbox on smtp://127.0.0.1:${port}, writing to ${dir}`);
