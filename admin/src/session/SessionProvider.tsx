// Who is signed in, and the GraphQL client that acts for them. A new client (with an empty document cache) is made
// whenever the session changes, so nothing one user loaded is ever shown to the next. The REST nonce is kept in
// memory only: a reload asks `viewer` again, which answers it for a live session cookie.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider, type Client } from 'urql';
import { LoginDocument, LogoutDocument, ViewerDocument, type ViewerFieldsFragment } from '../gql/graphql.ts';
import { createAtriumClient } from '../graphql/client.ts';
import { readServerError, type ServerError } from '../graphql/errors.ts';
import { hasCapability } from './capabilities.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; message: string | null }
  | { status: 'signedIn'; viewer: ViewerFieldsFragment };

interface Session {
  state: SessionState;
  /** Resolves to the server's error, or null once signed in. */
  signIn(username: string, password: string): Promise<ServerError | null>;
  signOut(): Promise<void>;
  /** Whether the signed-in user holds a capability (member_* ones are also granted by member_manage). */
  can(capability: string): boolean;
}

const SessionContext = createContext<Session | null>(null);

/** Before sign-in nothing can end: a 401 is the sign-in form's own answer. */
const anonymousClient = () => createAtriumClient({ nonce: null, onSessionEnded: () => {} });

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [client, setClient] = useState<Client>(() => anonymousClient());

  const endSession = useCallback((message: string | null) => {
    setClient(anonymousClient());
    setState({ status: 'signedOut', message });
  }, []);

  const begin = useCallback(
    (viewer: ViewerFieldsFragment, nonce: string | null) => {
      setClient(
        createAtriumClient({
          nonce,
          onSessionEnded: () => endSession('Your session has ended. Sign in again to go on.'),
        }),
      );
      setState({ status: 'signedIn', viewer });
    },
    [endSession],
  );

  useEffect(() => {
    let live = true;
    void client
      .query(ViewerDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) return;
        const viewer = result.data?.viewer;
        if (viewer?.loggedIn) begin(viewer, viewer.restNonce ?? null);
        else setState({ status: 'signedOut', message: result.error ? readServerError(result.error).message : null });
      });
    return () => {
      live = false;
    };
    // Only on start: later changes of session go through signIn, signOut and the session-ended signal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const session = useMemo<Session>(
    () => ({
      state,
      async signIn(username, password) {
        const result = await client.mutation(LoginDocument, { username, password }).toPromise();
        if (result.error) return readServerError(result.error);
        const login = result.data!.login;
        begin(login.viewer, login.restNonce ?? login.viewer.restNonce ?? null);
        return null;
      },
      async signOut() {
        await client.mutation(LogoutDocument, {}).toPromise();
        endSession('You have signed out.');
      },
      can: (capability) => state.status === 'signedIn' && hasCapability(state.viewer.capabilities, capability),
    }),
    [state, client, begin, endSession],
  );

  return (
    <SessionContext.Provider value={session}>
      <Provider value={client}>{children}</Provider>
    </SessionContext.Provider>
  );
}
