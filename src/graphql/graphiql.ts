// GraphiQL, loaded when first asked for: its assets are a 9 MB module, hashed when loaded (graphiql-assets.ts), which
// neither a start nor a server whose users never open GraphiQL should pay for.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GraphiQLOptions } from 'graphql-yoga';

const assets = () => import('./graphiql-assets.ts');

/** The page yoga serves at GET /graphql (renderGraphiQL). */
export async function renderGraphiQLPage(opts?: GraphiQLOptions): Promise<string> {
  return (await assets()).renderGraphiQLPage(opts);
}

/** GET /graphql/assets/<version>/<file>: graphiql-assets.ts' router, loaded at the first request under that path. */
export function graphiqlAssets(): RequestHandler {
  let router: Promise<RequestHandler> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/graphql/assets/')) return next();
    router ??= assets().then((m) => m.graphiqlAssets());
    router.then((handle) => handle(req, res, next), next);
  };
}
