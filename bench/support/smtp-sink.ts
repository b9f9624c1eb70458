// A local SMTP server for benchmarks, in its own process (`fork`ed with IPC): accepts every message, reads it to the
// end without parsing (the same cost for every sender measured), and answers `{ count }` when asked.
import { SMTPServer } from 'smtp-server';

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      count += 1;
      callback();
    });
  },
});
server.listen(Number(process.env.SINK_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.server.address() as { port: number };
  process.send?.({ ready: port });
});
process.on('message', (m: { ask?: 'count' | 'reset' }) => {
  if (m.ask === 'reset') count = 0;
  process.send?.({ count });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
