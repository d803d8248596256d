import { useSearchParamsUpdate } from '../../../lib/search-params';

/**
 * A list's filters live in the URL beside its page (`?status=refunded&page=2`), so a filtered view can be
 * shared and survives a reload. Setting filters starts again at page 1.
 */
export function useFilterParams<K extends string>(
  keys: readonly K[],
): [Partial<Record<K, string>>, (filters: Partial<Record<K, string>>) => void] {
  const [params, updateParams] = useSearchParamsUpdate();
  const filters: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const setFilters = (next: Partial<Record<K, string>>) =>
    updateParams((updated) => {
      updated.delete('page');
      for (const key of keys) {
        const value = next[key]?.trim();
        if (value) updated.set(key, value);
        else updated.delete(key);
      }
    });
  return [filters, setFilters];
}
