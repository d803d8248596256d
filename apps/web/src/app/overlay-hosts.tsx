import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Hosts for the dialog helper (`modals.open` events) and Mantine notifications. Loaded after the first
 * paint: modal and portal machinery (focus trap, scroll lock, floating-ui) is about 20 KB gzip that no
 * page needs before someone acts on it. Nothing reads the modals context, only the event API, so the
 * host need not wrap the app.
 */
export function OverlayHosts() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }} />
      <Notifications position="top-right" />
    </>
  );
}
