import { compose, type Dispatch, type Middleware } from 'redux';

/**
 * Redux Toolkit's `createDynamicMiddleware`, on plain Redux: middleware that arrives with the
 * code that needs it (RTK Query's, the console's two-step guard). Each added middleware is set up
 * once per store, in the order added; adding one twice does nothing. Written here so the first
 * download of a public page does not carry Redux Toolkit (decision 076).
 */
export function createDynamicMiddleware() {
  const added: Middleware[] = [];
  const middleware: Middleware = (api) => {
    const links = new Map<Middleware, ReturnType<Middleware>>();
    const linkOf = (one: Middleware) => {
      let link = links.get(one);
      if (!link) {
        link = one(api);
        links.set(one, link);
      }
      return link;
    };
    // The chain is put together again only when middleware was added since (every action
    // passes here, and RTK Query dispatches several for each request).
    return (next) => {
      let chain = next as Dispatch;
      let chainLength = -1;
      return (action) => {
        if (chainLength !== added.length) {
          chain = compose<Dispatch>(...added.map(linkOf))(next as Dispatch);
          chainLength = added.length;
        }
        return chain(action as never);
      };
    };
  };
  function addMiddleware(...middlewares: Middleware[]) {
    for (const one of middlewares) if (!added.includes(one)) added.push(one);
  }
  return { middleware, addMiddleware };
}
