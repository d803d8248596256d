import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws `children` once the page above them has been drawn, one child after another, each in a
 * transition of its own: React renders each in short slices and commits it alone, so there is neither
 * one long task before the first paint (the home page's sections below the banner held the
 * banner's title, its largest paint, back) nor one long commit and layout of every section after it.
 * Until the last child is drawn `minHeight` keeps what follows (the footer) below the fold, so nothing
 * visible moves; tests wait for its `data-after-first-paint` placeholder to go.
 */
export function AfterFirstPaint({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const sections = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= sections.length) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown(shown + 1)));
    return () => cancelAnimationFrame(frame);
  }, [shown, sections.length]);
  return (
    <>
      {sections.slice(0, shown)}
      {shown < sections.length && <div data-after-first-paint="" style={{ minHeight }} />}
    </>
  );
}
