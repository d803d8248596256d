import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const OverlayHosts = lazy(() =>
  import('./overlay-hosts').then((module) => ({ default: module.OverlayHosts })),
);

// modals.open*() are window events that only a mounted ModalsProvider hears (@mantine/modals).
const MODAL_OPENED = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);
// The action that will open a dialog starts with one of these: the hosts load while it runs.
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'];

/**
 * Mounts the modal and notification hosts when first needed rather than on every page load: their
 * focus trap, scroll lock, transitions and floating-ui are about 40 KB gzip that no page needs before
 * someone acts. A dialog opened before they are mounted is held and replayed; notifications
 * wait in their store until then.
 */
export function OnDemandOverlayHosts() {
  const [wanted, setWanted] = useState(false);
  const held = useRef<CustomEvent[]>([]);
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (ready) return;
    const want = () => setWanted(true);
    const hold = (event: Event) => {
      if (event instanceof CustomEvent) held.current.push(event);
      want();
    };
    for (const type of MODAL_OPENED) window.addEventListener(type, hold);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { passive: true });
    const unsubscribe = notificationsStore.subscribe(want);
    return () => {
      for (const type of MODAL_OPENED) window.removeEventListener(type, hold);
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want);
      unsubscribe();
    };
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    // The hold listeners are gone by now (the effect above cleaned up), so nothing is caught twice.
    for (const event of held.current.splice(0)) {
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }
  }, [ready]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHosts onReady={markReady} />
    </Suspense>
  );
}
