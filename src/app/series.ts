// Middleware that every request goes through, run one after another as a single express layer. Express dispatches
// each layer through its router (path match, prefix trimming, a promise check): for the handful that apply to every
// request, one dispatch does. As in express, a middleware that answers stops the series and an error skips to the
// error handlers (also an async middleware's rejection).
import type { NextFunction, Request, Response } from 'express';

export type Middleware = (req: Request, res: Response, next: NextFunction) => unknown;

export function series(...handlers: Middleware[]): Middleware {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown) => {
      if (err) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        // An async middleware's rejection goes to the error handlers, as express does with a layer's promise.
        const done = handler(req, res, step);
        if (done instanceof Promise) done.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
