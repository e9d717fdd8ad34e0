// The yardstick: a plain express 5 server answering small JSON, run in its own process like Atrium.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => void res.json({ hello: 'world', at: new Date().toISOString() }));
app.post('/hello', express.json(), (req, res) => void res.json({ echo: req.body }));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
