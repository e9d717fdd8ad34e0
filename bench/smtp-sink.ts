// The campaign benchmark's SMTP server, in a process of its own (forked by bench/mailer.ts): it accepts every
// message and counts it, reading the data but never parsing it (parsing would measure the parser, not the senders).
// It tells its parent its port once it listens, and answers { received } to any message from it.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // Many pooled connections at once (two instances and the loop's pool): no per-address connection cap.
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.server.address() as { port: number }).port });
});
process.on('message', () => process.send!({ received }));
process.on('disconnect', () => server.close(() => process.exit(0)));
