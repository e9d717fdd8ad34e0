// Which page the user sees: signing in, refused, or the console with the screens their capabilities open.
import { Center, Loader } from '@mantine/core';
import { Router } from 'wouter';
import { Shell } from './layout/Shell.tsx';
import { SCREENS } from './screens/index.ts';
import { hasAny } from './session/capabilities.ts';
import { RefusedPage } from './session/RefusedPage.tsx';
import { useSession } from './session/SessionProvider.tsx';
import { SignInPage } from './session/SignInPage.tsx';

export function App() {
  const { state } = useSession();
  if (state.status === 'loading') {
    return (
      <Center component="main" mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (state.status === 'signedOut') return <SignInPage message={state.message} />;
  const screens = SCREENS.filter((s) => hasAny(state.viewer.capabilities, s.capabilities));
  if (!screens.length) return <RefusedPage viewer={state.viewer} />;
  return (
    <Router base="/admin">
      <Shell viewer={state.viewer} screens={screens} />
    </Router>
  );
}
