// The WordPress error body: { code, message, data: { status, ... } }, with the HTTP status matching data.status.
import type { Response } from 'express';
import type { ErrorDescription } from '../graphql/errors.ts';

export function sendError(
  res: Response,
  e: Pick<ErrorDescription, 'code' | 'message' | 'status'> & Partial<ErrorDescription>,
) {
  for (const [name, value] of Object.entries(e.headers ?? {})) res.setHeader(name, value);
  res.status(e.status).json({ code: e.code, message: e.message, data: { status: e.status, ...(e.data ?? {}) } });
}

export const noRoute = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  status: 404,
};
