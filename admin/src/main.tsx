import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './console.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { contrast, theme } from './theme.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={contrast} defaultColorScheme="light">
      <Notifications position="top-right" />
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </ModalsProvider>
    </MantineProvider>
  </StrictMode>,
);
