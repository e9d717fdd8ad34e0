// The request handler in front of express (issue 29). Nearly every request is one of the two faces' (/wp-json and
// /graphql). Express would build a final handler for each, then match it against its router's layers one by one,
// trimming and restoring the mount path around each. Here the middleware every request goes through runs first, then
// a face's request goes straight to the face's handler, with req and res as express's mounting leaves them (express's
// request and response prototypes, res.locals, req.originalUrl, req.baseUrl, req.url under the mount, req.params);
// every other request continues in the express app's router (console, health, metrics, modules' pages, 404).
import type { Express, NextFunction, Request, Response } from 'express';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from './series.ts';

export type ErrorHandler = (err: unknown, req: Request, res: Response, next: NextFunction) => unknown;

export interface Face {
  /** Where the face is mounted, as app.use(mount, …) would: the handler sees req.url under it, req.baseUrl = mount. */
  mount: string;
  /** Only the mount's own path (`/graphql`), not the paths under it (`/graphql/assets/…` stay express's). */
  exact?: boolean;
  handler: Middleware;
}

export interface Front {
  /** What every request goes through first (the shared series). */
  shared: Middleware;
  faces: readonly Face[];
  /** A face that passes the request on (none does today): what express's router would end with for its path. */
  notFound: Middleware;
  /** The app's error handler: errors of the shared series and of the faces. */
  onError: ErrorHandler;
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void) => void;

/** The face a request path (the URL before `?`) belongs to. Case and the absolute form (`http://host/…`) are
 *  express's to match: such requests take the router, which mounts the same handlers. */
function faceOf(faces: readonly Face[], url: string): Face | undefined {
  for (const face of faces) {
    if (!url.startsWith(face.mount)) continue;
    const c = url[face.mount.length];
    if (c === undefined || c === '?' || (c === '/' && !face.exact)) return face;
  }
  return undefined;
}

/** Puts `front` before the app's router: `app` stays the node:http handler (and supertest's), `app.handle` the
 *  entry point express calls. The router keeps every route, the faces' included, for the requests passed on. */
export function installFront(app: Express, front: Front): void {
  const router = app as unknown as { handle: Handle; request: object; response: object };
  const routerHandle = router.handle.bind(app);
  const { shared, faces, notFound, onError } = front;

  router.handle = (incoming, outgoing, callback) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    // What express's app.handle and its router set up before the first layer.
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, router.request);
    Object.setPrototypeOf(res, router.response);
    if (!res.locals) res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = req.originalUrl || req.url;
    req.baseUrl = '';

    // As express's final handler: an error after the answer started cannot be answered, only cut off.
    const last = (err?: unknown) => {
      if (err === undefined) return;
      if (res.headersSent) req.socket.destroy();
      else {
        res.statusCode = 500;
        res.end();
      }
    };
    const fail = (err: unknown) => {
      try {
        onError(err, req, res, last);
      } catch (thrown) {
        last(thrown);
      }
    };

    shared(req, res, (err?: unknown) => {
      if (err) return fail(err);
      const face = faceOf(faces, req.url);
      if (!face) return routerHandle(req, res, callback);
      const url = req.url;
      const under = url.slice(face.mount.length);
      req.url = under[0] === '/' ? under : `/${under}`;
      req.baseUrl = face.mount;
      req.params = {};
      face.handler(req, res, (faceErr?: unknown) => {
        req.url = url;
        req.baseUrl = '';
        if (faceErr) return fail(faceErr);
        try {
          notFound(req, res, last);
        } catch (thrown) {
          fail(thrown);
        }
      });
    });
  };
}

type ServerClasses = { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse };
const classesOfApp = new WeakMap<Express, ServerClasses>();

/** node:http's request and response classes for a server of `app`: their instances are born with express's
 *  prototypes (the app's request and response), so express's Object.setPrototypeOf on each request finds them in
 *  place instead of changing the shape of two objects node's parser and writer have already used.
 *  They are subclasses of node's, whose prototypes take the place of the app's (with its `app` property, above
 *  express's request and response): a subclass's objects get the room for properties V8 gives node's own. A function
 *  that called `ServerResponse.call(this)` on its own object left every response with an empty function's room, and
 *  the symbol-keyed stores past it turned each into a dictionary (slow property stores and lookups for the whole
 *  answer: a tenth of the forms list's CPU, pinned A/B); `Reflect.construct` with such a function as `new.target`
 *  made a new hidden class for every object instead (test/platform/request-pipeline.test.ts keeps both fast). */
export function expressClassesOf(app: Express): ServerClasses {
  let classes = classesOfApp.get(app);
  if (classes) return classes; // a second server of the same app
  const appProtos = app as unknown as { request: object; response: object };
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  for (const [key, proto] of [
    ['request', AppRequest.prototype],
    ['response', AppResponse.prototype],
  ] as const) {
    const appProto = appProtos[key];
    Object.setPrototypeOf(proto, Object.getPrototypeOf(appProto));
    Object.defineProperties(proto, Object.getOwnPropertyDescriptors(appProto));
    appProtos[key] = proto;
  }
  classes = { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof ServerResponse };
  classesOfApp.set(app, classes);
  return classes;
}
