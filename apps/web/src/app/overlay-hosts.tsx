import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/**
 * Hosts for the dialog helper (`modals.open` events) and Mantine notifications, mounted on demand by
 * on-demand-overlay-hosts.tsx. Nothing reads the modals context, only the event API, so the host need
 * not wrap the app.
 */
export function OverlayHosts({ onReady }: { onReady: () => void }) {
  // Runs after ModalsProvider has subscribed to its events (a sibling's effect, in order).
  useEffect(onReady, [onReady]);
  return (
    <>
      <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }} />
      <Notifications position="top-right" />
    </>
  );
}
