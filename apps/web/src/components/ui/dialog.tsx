import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DIALOG_TIMEOUT_MS } from '@tokenly/contract/constants';
import { errorMessage, isServiceUnavailable } from '../../lib/api-client';
import { t } from '../../lib/i18n';

// The one dialog helper for SPEC.md section 8: titled 'Error!' or 'Success' (in the page's language),
// closing itself after 2.5 s. Called outside React, so its words are looked up when a dialog opens.
type DialogKind = 'error' | 'success';

const TITLE_KEYS = { error: 'common.dialog.error', success: 'common.dialog.success' } as const;

type DialogOptions = {
  onClose?: () => void;
  /** A Try again button that repeats the action; the dialog then waits for the reader instead of closing. */
  retry?: () => void;
  /**
   * A next step offered with the message (See my bookings); like Try again, the dialog then waits for the
   * reader, so the button does not vanish while it is being read or reached by keyboard.
   */
  action?: { label: string; onClick: () => void };
};

function showDialog(
  kind: DialogKind,
  message: string,
  { onClose, retry, action }: DialogOptions = {},
): string {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = modals.open({
    title: t(TITLE_KEYS[kind]),
    closeButtonProps: { 'aria-label': t('common.close') },
    centered: true,
    size: 'sm',
    radius: 'md',
    styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    // An error must be announced at once; a success can wait for the reader.
    children: (
      <>
        <Text role={kind === 'error' ? 'alert' : 'status'} c={kind === 'error' ? 'red.9' : undefined}>
          {message}
        </Text>
        {retry || action ? (
          <Group justify="flex-end" mt="md">
            <Button
              onClick={() => {
                modals.close(id);
                (retry ?? action?.onClick)?.();
              }}
            >
              {retry ? t('common.retry') : action?.label}
            </Button>
          </Group>
        ) : null}
      </>
    ),
    onClose: () => {
      if (timer) clearTimeout(timer);
      onClose?.();
    },
  });
  if (!retry && !action) timer = setTimeout(() => modals.close(id), DIALOG_TIMEOUT_MS);
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
  error: (message: string, onClose?: () => void) => showDialog('error', message, { onClose }),
  success: (message: string, onClose?: () => void) => showDialog('success', message, { onClose }),
  /** A success with a next step (a button); it stays until the reader closes it or takes the step. */
  successWith: (message: string, action: { label: string; onClick: () => void }) =>
    showDialog('success', message, { action }),
  /**
   * A failed action, with the server's message; when the server was only briefly unavailable (a 503),
   * the dialog offers Try again, which repeats it. Safe for any action: a 503 means it was
   * not done (and a booking or payment repeated after all is refused or granted once by the server).
   */
  failure: (error: unknown, retry: () => void) =>
    showDialog('error', errorMessage(error), isServiceUnavailable(error) ? { retry } : {}),
  /**
   * A save that worked, as a notice that does not stand in the way of what comes next (most
   * forms go back to their list); the notification is announced by its own live region.
   */
  saved: (message = t('common.saved')) =>
    notifications.show({
      message,
      color: 'teal.9',
      autoClose: DIALOG_TIMEOUT_MS,
      closeButtonProps: { 'aria-label': t('common.dismissNotification') },
    }),
  /** A question before a destructive action: it waits for an answer (no timer), and only Confirm acts. */
  confirm: ({ title, message, confirmLabel, cancelLabel = t('common.dialog.keep'), onConfirm }: Confirm) =>
    modals.openConfirmModal({
      title,
      closeButtonProps: { 'aria-label': t('common.close') },
      centered: true,
      radius: 'md',
      children: <Text>{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: 'red.9' },
      onConfirm,
    }),
};
