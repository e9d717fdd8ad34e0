// Request bodies: JSON (and form-encoded, as core accepts) up to BODY_LIMIT. Parse failures are answered before
// authentication: 400 rest_invalid_json, 413 rest_payload_too_large.
import express, { type NextFunction, type Request, type Response } from 'express';

/** type-is' test, which both parsers make first: a body is declared by a transfer encoding or a length. */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));

/** One middleware for both parsers; a request without a body (nearly every GET) passes straight on. */
export function bodyParsers(limit: number) {
  const json = express.json({ limit, type: ['application/json', 'application/*+json'] });
  const form = express.urlencoded({ limit, extended: false });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    json(req, res, (err?: unknown) => (err ? next(err) : form(req, res, next)));
  };
}

const MULTIPART = /multipart/i;

/** Multipart bodies (GraphQL file uploads) are read whole by graphql-yoga, so their size is checked before: a
 *  declared length over UPLOAD_LIMIT is 413, and a multipart body that declares no length is 411. */
export function uploadLimit(limit: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    // Nearly every GraphQL request is JSON: a type that does not name multipart needs no parse of it.
    const type = req.headers['content-type'];
    if (type === undefined || !MULTIPART.test(type) || !req.is('multipart/form-data')) return next();
    const declared = req.headers['content-length'];
    if (declared === undefined)
      return next(Object.assign(new Error('length required'), { type: 'length.required', status: 411 }));
    if (Number(declared) > limit)
      return next(Object.assign(new Error('too large'), { type: 'entity.too.large', status: 413 }));
    next();
  };
}

interface BodyError extends Error {
  type?: string;
  status?: number;
}

export function bodyError(err: BodyError) {
  if (err.type === 'entity.too.large') {
    return {
      code: 'rest_payload_too_large',
      message: 'The request body is larger than this server accepts.',
      status: 413,
    };
  }
  if (err.type === 'length.required') {
    return {
      code: 'rest_length_required',
      message: 'A multipart request must declare its Content-Length.',
      status: 411,
    };
  }
  if (err.type === 'entity.parse.failed') {
    return { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', status: 400 };
  }
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
    return { code: 'rest_invalid_encoding', message: 'The request body uses an unsupported encoding.', status: 415 };
  }
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return { code: 'rest_invalid_body', message: 'The request body could not be read.', status: err.status };
  }
  return null;
}

export type ErrorMiddleware = (err: BodyError, req: Request, res: Response, next: NextFunction) => void;
