import { useEffect } from 'react';
import { useLocation } from 'react-router';

const SETTLE_MS = 2000;
const INTERACTIONS = ['wheel', 'touchmove', 'keydown', 'mousedown'] as const;

/**
 * Keeps a `#section` link on target while the page is still settling: plans arriving and lazy sections
 * replacing their placeholders move the section, and a closing drawer's scroll lock can undo the first
 * jump. ScrollRestoration scrolls once; this re-aligns each frame for a moment, until the visitor scrolls
 * by themselves.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const started = performance.now();
    let frame = 0;
    const tick = () => {
      const target = document.getElementById(id);
      const locked = getComputedStyle(document.body).overflow === 'hidden';
      if (target && !locked && Math.abs(target.getBoundingClientRect().top) > 2) {
        target.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
      if (performance.now() - started < SETTLE_MS) frame = requestAnimationFrame(tick);
      else stop();
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of INTERACTIONS) window.removeEventListener(type, stop);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, stop, { passive: true });
    frame = requestAnimationFrame(tick);
    return stop;
  }, [hash, key]);
}
