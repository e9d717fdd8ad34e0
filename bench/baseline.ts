// The yardsticks, in one process of their own like Atrium: a plain express 5 server answering small JSON, and
// graphql-yoga answering `{ hello }` inside the same express app (the cost of a GraphQL request with nothing behind it).
import express from 'express';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }),
  logging: false,
  graphiql: false,
});
const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => void res.json({ hello: 'world', at: new Date().toISOString() }));
app.post('/hello', express.json(), (req, res) => void res.json({ echo: req.body }));
app.use('/graphql', yoga);
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
