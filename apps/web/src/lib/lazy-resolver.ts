import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads on first use, so a form page's first bundle carries
 * neither zod nor the shared schemas (docs/decisions/009-preact-compat-runtime.md): the same schemas, the same messages,
 * fetched when the person starts on the form (`preload`, on its first focus) or at the latest
 * when it is first validated. A failed load is tried again next time.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
) {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const getResolver = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) =>
    (await getResolver())(values, context, options);
  const preload = () => {
    getResolver().catch(() => undefined);
  };
  return { resolver, preload };
}
