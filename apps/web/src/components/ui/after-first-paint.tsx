import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws `children` once the page above them has been drawn, in a transition, so React renders them in
 * short slices instead of one long task before the first paint (issue 15: the home page's sections below
 * the banner made its longest task and held the banner's title, its largest paint, back). Until then
 * `minHeight` keeps what follows (the footer) below the fold, so nothing visible moves; tests wait for
 * its `data-after-first-paint` placeholder to go.
 */
export function AfterFirstPaint({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setShown(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return shown ? children : <div data-after-first-paint="" style={{ minHeight }} />;
}
