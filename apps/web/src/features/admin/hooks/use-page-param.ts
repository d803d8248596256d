import { useSearchParams } from 'react-router';

/** The list page lives in the URL (`?page=2`), so Back, reload and shared links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  return [page, setPage];
}
