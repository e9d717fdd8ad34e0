// WordPress' application-password authorization flow, for clients that ask a user for a credential (the WordPress
// apps, node-wpapi users): the discovery index names this page; the app sends the user here with app_name, app_id,
// success_url and reject_url; the user logs in (a cookie session), approves, and is sent back to success_url with
// site_url, user_login and password — the password shown this once, as core does. Approval needs the session's
// nonce (CSRF); redirect targets are checked as core checks them (no http outside local hosts, no script schemes).
import esc from 'escape-html';
import express, { type Request, type Response, type Router } from 'express';
import { AUTHORIZE_PATH, createAppPassword } from '../../platform/auth/app-passwords.ts';
import { passwordLogin } from '../../platform/auth/password-login.ts';
import { principalFor } from '../../platform/auth/principal-for.ts';
import {
  findSession,
  restNonce,
  SESSION_COOKIE,
  sessionCookie,
  startSession,
  verifyRestNonce,
} from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { parseCookies } from '../../platform/request.ts';

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A redirect target the user may be sent to with a credential (wp_is_authorize_application_redirect_url_valid). */
function redirectProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (['javascript:', 'data:', 'vbscript:', 'file:'].includes(url.protocol)) return 'uses a scheme that is not allowed';
  if (url.protocol === 'http:' && production && !LOCAL.has(url.hostname)) return 'must use https (or an app scheme)';
  return null;
}

interface Ask {
  appName: string;
  appId: string;
  successUrl: string;
  rejectUrl: string;
}

function readAsk(source: Record<string, unknown>, production: boolean): Ask | string {
  const str = (k: string) => (typeof source[k] === 'string' ? (source[k] as string).trim() : '');
  const ask = {
    appName: str('app_name'),
    appId: str('app_id'),
    successUrl: str('success_url'),
    rejectUrl: str('reject_url'),
  };
  if (!ask.appName || ask.appName.length > 100) return 'app_name is required (1 to 100 characters).';
  if (ask.appId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ask.appId))
    return 'app_id must be a UUID.';
  for (const [name, url] of [
    ['success_url', ask.successUrl],
    ['reject_url', ask.rejectUrl],
  ] as const) {
    const problem = url ? redirectProblem(url, production) : null;
    if (problem) return `${name} ${problem}.`;
  }
  return ask;
}

const hidden = (ask: Ask) =>
  `<input type="hidden" name="app_name" value="${esc(ask.appName)}"><input type="hidden" name="app_id" value="${esc(ask.appId)}">` +
  `<input type="hidden" name="success_url" value="${esc(ask.successUrl)}"><input type="hidden" name="reject_url" value="${esc(ask.rejectUrl)}">`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${esc(title)} · Atrium</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

function send(res: Response, status: number, title: string, body: string) {
  res.status(status).setHeader('Cache-Control', 'no-store').setHeader('X-Frame-Options', 'DENY');
  res.type('html').send(page(title, body));
}

const withQuery = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

export function authorizeApplication(router: Router, platform: Platform): void {
  const production = platform.config.production;

  const sessionOf = async (req: Request) => {
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    return token ? findSession(platform, token) : null;
  };

  const loginForm = (ask: Ask, error = '') =>
    `<p>Log in to let <strong>${esc(ask.appName)}</strong> connect to your account.</p>${error ? `<p role="alert">${esc(error)}</p>` : ''}` +
    `<form method="post">${hidden(ask)}<input type="hidden" name="action" value="login">` +
    `<label>Username or e-mail <input name="log" autocomplete="username" required></label> ` +
    `<label>Password <input name="pwd" type="password" autocomplete="current-password" required></label> <button>Log in</button></form>`;

  const approveForm = (ask: Ask, username: string, nonce: string) =>
    `<p><strong>${esc(ask.appName)}</strong> would like to connect to your account <strong>${esc(username)}</strong>. ` +
    `It will get an application password that acts as you; you can revoke it at any time.</p>` +
    `<form method="post">${hidden(ask)}<input type="hidden" name="_wpnonce" value="${esc(nonce)}">` +
    `<button name="action" value="approve">Yes, I approve of this connection</button> ` +
    `<button name="action" value="reject">No, I do not approve of this connection</button></form>`;

  router.get(AUTHORIZE_PATH, async (req, res) => {
    const ask = readAsk(req.query as Record<string, unknown>, production);
    if (typeof ask === 'string') return send(res, 400, 'Cannot authorize this application', `<p>${esc(ask)}</p>`);
    const session = await sessionOf(req);
    if (!session) return send(res, 200, 'Authorize application', loginForm(ask));
    send(res, 200, 'Authorize application', approveForm(ask, session.user.username, restNonce(platform, session)));
  });

  router.post(AUTHORIZE_PATH, express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ask = readAsk(body, production);
    if (typeof ask === 'string') return send(res, 400, 'Cannot authorize this application', `<p>${esc(ask)}</p>`);
    const meta = { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };

    if (body.action === 'login') {
      try {
        const user = await passwordLogin(
          platform,
          { identifier: String(body.log ?? ''), ip: meta.ip, channel: 'session' },
          String(body.pwd ?? ''),
        );
        const { session, token } = await startSession(platform, user.id, meta);
        res.append('Set-Cookie', sessionCookie(platform, token, req.secure));
        return send(res, 200, 'Authorize application', approveForm(ask, user.username, restNonce(platform, session)));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return send(res, err.status, 'Authorize application', loginForm(ask, err.message));
      }
    }

    const session = await sessionOf(req);
    if (!session) return send(res, 401, 'Authorize application', loginForm(ask, 'Your session ended; log in again.'));
    if (typeof body._wpnonce !== 'string' || !verifyRestNonce(platform, session, body._wpnonce)) {
      return send(res, 403, 'Authorize application', '<p>The link has expired. Go back and try again.</p>');
    }
    if (body.action === 'reject') {
      if (ask.rejectUrl) return void res.redirect(303, withQuery(ask.rejectUrl, { success: 'false' }));
      return send(res, 200, 'Connection refused', `<p>${esc(ask.appName)} was not connected.</p>`);
    }
    if (body.action !== 'approve') return send(res, 400, 'Authorize application', '<p>Choose approve or reject.</p>');
    const { password } = await createAppPassword(
      platform,
      principalFor(platform, session.user, 'session', session.id),
      { name: ask.appName },
    );
    if (ask.successUrl) {
      return void res.redirect(
        303,
        withQuery(ask.successUrl, { site_url: platform.config.publicUrl, user_login: session.user.username, password }),
      );
    }
    send(
      res,
      201,
      'Application connected',
      `<p>Your new password for <strong>${esc(ask.appName)}</strong> is:</p>` +
        `<p><kbd>${esc(password)}</kbd></p><p>Be sure to save this in a safe location. You will not be able to retrieve it.</p>`,
    );
  });
}
