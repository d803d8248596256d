import { useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The URL's query and a way to change part of it. React Router hands a change the query of the last
 * render, so a second change made before the page has drawn the first (two filters chosen in quick
 * succession on a slow phone) would drop the first; here each change starts from the query the one
 * before it asked for.
 */
export function useSearchParamsUpdate(): [
  URLSearchParams,
  (change: (next: URLSearchParams) => void, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // The queries asked for and not yet drawn, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const drawn = params.toString();
    const at = pending.current.indexOf(drawn);
    // A new address from elsewhere (a link, Back) is the base of the next change.
    if (at === -1) {
      pending.current = [];
      latest.current = params;
    } else {
      pending.current = pending.current.slice(at + 1);
    }
  }, [params]);
  const update = (change: (next: URLSearchParams) => void, options?: NavigateOptions) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    pending.current.push(next.toString());
    setParams(next, options);
  };
  return [params, update];
}
