import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { MODAL_OPEN_EVENTS } from './modal-open-events';

const OverlayHosts = lazy(() =>
  import('./overlay-hosts').then((module) => ({ default: module.OverlayHosts })),
);

// The action that will open a dialog starts with one of these: the hosts load while it runs.
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'];

/**
 * Mounts the modal and notification hosts when first needed rather than on every page load: their
 * focus trap, scroll lock, transitions and floating-ui are about 40 KB gzip that no page needs before
 * someone acts. A dialog opened before they are mounted is held and replayed. A notification follows a
 * save, so the click or key that sent it has mounted them already; one shown before would wait in
 * Mantine's store until the first interaction (watching the store would put it in every first load).
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
    for (const type of MODAL_OPEN_EVENTS) window.addEventListener(type, hold);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { passive: true });
    return () => {
      for (const type of MODAL_OPEN_EVENTS) window.removeEventListener(type, hold);
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want);
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
