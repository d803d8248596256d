import { useSearchParamsUpdate } from '../../../lib/search-params';

/** The list page lives in the URL (`?page=2`), so Back, reload and shared links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, updateParams] = useSearchParamsUpdate();
  const parsed = Number(params.get('page'));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = (next: number) =>
    updateParams((updated) => {
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
    });
  return [page, setPage];
}
