// A TCP proxy the cluster script puts between the app instances and PostgreSQL, so a fault can be made without
// touching the machine's own server: `refuse(ms)` drops every open connection and refuses new ones for a while, as a
// database that restarts or a network that fails would.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection now and refuses new ones until `ms` have passed. */
  refuse(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let refusingUntil = 0;
  const server = net.createServer((client) => {
    if (Date.now() < refusingUntil) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async refuse(ms) {
      refusingUntil = Date.now() + ms;
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
