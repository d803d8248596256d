import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded on first use: the sign-in and sign-up pages validate with
 * the contract's zod schemas like every form, but zod and the schemas are a chunk of their own, fetched
 * when the visitor first focuses a field (`preload`) or at the latest on submit, so the pages' first load
 * carries none of it.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () => {
    loading ??= load();
  };
  return {
    resolver: async (values, context, options) => {
      preload();
      const resolve = await (loading as Promise<Resolver<Input, unknown, Output>>);
      return resolve(values, context, options);
    },
    preload,
  };
}
