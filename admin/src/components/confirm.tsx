// Every destructive action asks once, saying what it will do: the question names the thing and the consequence, and
// the button names the action ("Cancel membership", not "OK").
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface Confirmation {
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  /** The action, as the confirm button says it. */
  action: string;
  danger?: boolean;
}

export function confirmAction({ title, message, action, danger = true }: Confirmation): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: action, cancel: 'Keep it' },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
