import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { TestClock } from 'pg-boss';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelopeTo: string[]; raw: string; parsed: ParsedMail };

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it accepts: tests read the
 * messages as a recipient's mail server got them. `listen` again after `stop` reopens the same port,
 * which is how a test takes the server down and brings it back. `port` fixes the port (else any free
 * one); `onMail` hears of each message as it is accepted (the e2e mailbox writes it down).
 */
export function createSmtpPeer(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  function newServer(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      // Loopback in a test: no certificate to trust, so no STARTTLS (nodemailer uses it when offered).
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              const mail = { envelopeTo: session.envelope.rcptTo.map((to) => to.address), raw, parsed };
              received.push(mail);
              options.onMail?.(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async listen(): Promise<void> {
      server = newServer();
      const started = server;
      await new Promise<void>((done) => started.listen(port, '127.0.0.1', done));
      port = (started.server.address() as AddressInfo).port;
    },
    /**
     * The first mail to `address` (received after the first `after` ones, with a subject matching
     * `subject`), ticking the clock so the delivery job's worker polls (one job a poll) until it arrives.
     */
    async mailTo(clock: TestClock, address: string, match: { after?: number; subject?: RegExp } = {}) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = received
          .slice(match.after ?? 0)
          .find(
            (mail) =>
              mail.envelopeTo.includes(address) && (match.subject?.test(mail.parsed.subject ?? '') ?? true),
          );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
        await clock.tick(1000);
        await new Promise((done) => setTimeout(done, 20));
      }
    },
    async stop(): Promise<void> {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((done) => running.close(() => done()));
    },
  };
}

export type SmtpPeer = ReturnType<typeof createSmtpPeer>;
