// A pool whose connections' errors are always heard. pg emits a lost connection's error on the client while it is
// checked out and on the pool once it is idle; unheard, either is an uncaught exception that stops the process.
// graphile-worker installs such listeners on a pool that lacks them (with a warning), but takes them away when it
// is released, while connections may still be closing — then a server ending them (a restart, DROP DATABASE …
// FORCE) took the process down.
import pg from 'pg';

export function heardPool(config: pg.PoolConfig, onError: (err: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool(config);
  // Once the pool is ending, a server ending its connections is the shutdown itself (pg-pool's end() resolves before
  // its sockets have closed, so an embedded cluster stopping next may still find them): heard, not reported.
  const report = (err: Error) => {
    if (!pool.ending) onError(err);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}
