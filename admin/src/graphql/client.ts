// The console's one GraphQL client (urql). Same origin, so the session cookie rides along; the REST nonce lives only
// in this closure (never in storage) and follows the server: every nonce-checked answer carries the current one in
// `X-Rest-Nonce`. A 401 on any operation but the session's own means the session ended (expired, signed out
// elsewhere, revoked): the console is told once and goes back to sign-in.
import { Client, cacheExchange, fetchExchange, mapExchange, type CombinedError, type Operation } from 'urql';

export interface ClientOptions {
  nonce: string | null;
  onSessionEnded: () => void;
}

const SESSION_OPERATIONS = new Set(['Viewer', 'Login', 'Logout']);

const operationName = (op: Operation) =>
  op.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

export const isUnauthenticated = (error: CombinedError) =>
  error.response?.status === 401 || error.graphQLErrors.some((e) => e.extensions?.status === 401);

export function createAtriumClient({ nonce: initial, onSessionEnded }: ClientOptions): Client {
  let nonce = initial;
  let ended = false;
  const trackingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const fresh = response.headers.get('X-Rest-Nonce');
    if (fresh) nonce = fresh;
    return response;
  };
  return new Client({
    url: '/graphql',
    fetch: trackingFetch,
    fetchOptions: (): RequestInit => ({
      credentials: 'same-origin',
      headers: nonce ? { 'X-Rest-Nonce': nonce } : undefined,
    }),
    // GET would let a proxy cache answers that depend on the cookie; the console's reads are all POSTs.
    preferGetMethod: false,
    exchanges: [
      cacheExchange,
      mapExchange({
        onError(error, operation) {
          if (ended || SESSION_OPERATIONS.has(operationName(operation)) || !isUnauthenticated(error)) return;
          ended = true;
          onSessionEnded();
        },
      }),
      fetchExchange,
    ],
  });
}
