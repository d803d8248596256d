import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

// A TCP proxy of the test's own between the app and PostgreSQL, to cut the database off the way
// a restart, a failover or a broken network does, without touching the machine's PostgreSQL server.

/**
 * How the database is unreachable while cut; connections open at the cut are reset in every mode.
 * refuse: nothing listens (ECONNREFUSED). reset: a new connection is accepted and reset at once
 * (ECONNRESET). hang: a new connection is accepted and never answered, as behind a dead host.
 */
export type CutMode = 'refuse' | 'reset' | 'hang';

export type TcpProxy = {
  /** The database URL through the proxy. */
  url: string;
  cut: (mode: CutMode) => Promise<void>;
  /** Forwards new connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  let mode: CutMode | 'open' = 'open';

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset peer is the point of the exercise, not a failure of the test.
    socket.on('error', () => {});
  };

  const server = createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    // 'refuse' too, for a connection that came in while the listener was closing.
    if (mode !== 'open') return client.resetAndDestroy();
    const upstream = connect(targetPort, target.hostname);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');
  const { port } = address;

  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stopListening = () =>
    new Promise<void>((done) => {
      if (!server.listening) return done();
      server.close(() => done());
    });

  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut(next) {
      mode = next;
      resetAll();
      if (next === 'refuse') await stopListening();
    },
    async restore() {
      mode = 'open';
      // Connections a hang held are as dead as the host was: reset, so their clients reconnect.
      resetAll();
      if (!server.listening) {
        server.listen(port, '127.0.0.1');
        await once(server, 'listening');
      }
    },
    async close() {
      resetAll();
      await stopListening();
    },
  };
}
