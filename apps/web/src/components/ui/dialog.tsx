import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DIALOG_TIMEOUT_MS } from '@tokenly/contract/constants';

// The one dialog helper for SPEC.md section 8: titled 'Error!' or 'Success', closing itself after 2.5 s.
type DialogKind = 'error' | 'success';

const TITLES: Record<DialogKind, string> = { error: 'Error!', success: 'Success' };

function showDialog(kind: DialogKind, message: string, onClose?: () => void): string {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = modals.open({
    title: TITLES[kind],
    centered: true,
    size: 'sm',
    radius: 'md',
    styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    // An error must be announced at once; a success can wait for the reader.
    children: (
      <Text role={kind === 'error' ? 'alert' : 'status'} c={kind === 'error' ? 'red.9' : undefined}>
        {message}
      </Text>
    ),
    onClose: () => {
      if (timer) clearTimeout(timer);
      onClose?.();
    },
  });
  timer = setTimeout(() => modals.close(id), DIALOG_TIMEOUT_MS);
  return id;
}

type Confirm = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
};

export const dialog = {
  error: (message: string, onClose?: () => void) => showDialog('error', message, onClose),
  success: (message: string, onClose?: () => void) => showDialog('success', message, onClose),
  /** A question before a destructive action: it waits for an answer (no timer), and only Confirm acts. */
  confirm: ({ title, message, confirmLabel, cancelLabel = 'Keep it', onConfirm }: Confirm) =>
    modals.openConfirmModal({
      title,
      centered: true,
      radius: 'md',
      children: <Text>{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: 'red.9' },
      onConfirm,
    }),
};
