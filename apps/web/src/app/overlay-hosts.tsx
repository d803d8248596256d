import { useDirection } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useT } from '../lib/i18n';

/**
 * Hosts for the dialog helper (`modals.open` events) and Mantine notifications, mounted on demand by
 * on-demand-overlay-hosts.tsx. Nothing reads the modals context, only the event API, so the host need
 * not wrap the app.
 */
export function OverlayHosts({ onReady }: { onReady: () => void }) {
  const t = useT();
  // Mantine places notifications by physical side: the reading end of the top, mirrored in Arabic.
  const { dir } = useDirection();
  // Runs after ModalsProvider has subscribed to its events (a sibling's effect, in order).
  useEffect(onReady, [onReady]);
  return (
    <>
      <ModalsProvider
        labels={{ confirm: t('common.dialog.ok'), cancel: t('common.dialog.cancel') }}
        modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}
      />
      <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} />
    </>
  );
}
