import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

// Far enough ahead that a section has loaded by the time a reader scrolls it into view.
const LOAD_AHEAD = '600px 0px';

// Once a key has been pressed, every section shows as it mounts: the home page draws its lower sections
// one by one after the first paint (AfterFirstPaint), and a keyboard user must find each of them drawn
// when Tab reaches it, not only the first to mount. A key pressed on another page counts too: it only
// loads their code sooner.
let keyPressed = false;
window.addEventListener(
  'keydown',
  () => {
    keyPressed = true;
  },
  { capture: true },
);

/**
 * Renders `children` (a lazy component) once its place comes near the viewport, or at the first key
 * press, so a keyboard user tabbing down the page never skips it: code for what sits below the fold
 * stays out of the first load (170 KB budget). The placeholder holds the section's height. `eager`
 * renders it at once: a link to it (/#contact) must find it without scrolling there first.
 */
export function DeferredSection({
  placeholder,
  eager = false,
  children,
}: {
  placeholder: ReactNode;
  eager?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(keyPressed);
  // Once eager, for good: the page's address may lose its hash, the form stays.
  if (eager && !shown) setShown(true);

  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const show = () => setShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    window.addEventListener('keydown', show);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', show);
    };
  }, [shown]);

  if (!shown) {
    return (
      <div ref={ref} data-deferred="">
        {placeholder}
      </div>
    );
  }
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
