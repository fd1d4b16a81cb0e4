import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type Provider from 'oidc-provider';
import { authenticate, findDemoAccount } from './accounts';
import { recordConsent, requestedResources, requestedScopes } from './consent';
import { staffMayGrant } from './scopes';
import { renderConsentPage, renderLoginPage, type ConsentScope } from './views';

const STAFF_REASON = 'Staff accounts can only grant read access.';

type FormBody = {
  email?: string;
  password?: string;
  scope?: string | string[] | Record<string, string>;
};

/**
 * The ticked scopes of the consent form. The body parser's qs turns more than 20 repeats of a
 * field into an index-keyed object rather than an array, which "Everything" (38 scopes) hits.
 */
function submittedScopes(body: FormBody): Set<string> {
  const { scope } = body;
  if (scope === undefined) return new Set();
  return new Set(typeof scope === 'string' ? [scope] : Object.values(scope));
}

/**
 * The login and consent screens behind oidc-provider's interactions. The owner may grant
 * every scope; staff only the read scopes. The consent page lists every requested scope, and
 * the answer is recorded as given: ticked granted, unticked rejected (see consent.ts).
 */
export function createInteractionRouter(provider: Provider): Router {
  const router = new Router({ prefix: '/interaction/:uid' });
  // SECURITY: these pages hold credentials; nothing may frame them or load outside code.
  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
  router.use(bodyParser({ enableTypes: ['form'] }));

  router.get('/', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const client = await provider.Client.find(String(details.params.client_id));
    const clientName = client?.clientName ?? String(details.params.client_id);
    ctx.type = 'html';
    if (details.prompt.name === 'login') {
      ctx.body = renderLoginPage(details.uid, clientName);
      return;
    }
    const account = findDemoAccount(details.session?.accountId ?? '');
    const scopes: ConsentScope[] = requestedScopes(details.params).map((scope) => {
      const allowed = account?.role === 'owner' || staffMayGrant(scope);
      return { scope, allowed, checked: true, ...(allowed ? {} : { reason: STAFF_REASON }) };
    });
    ctx.body = renderConsentPage(details.uid, clientName, account?.email ?? '', scopes);
  });

  router.post('/login', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const body = ctx.request.body as FormBody;
    const account = authenticate(String(body.email ?? ''), String(body.password ?? ''));
    if (!account) {
      const client = await provider.Client.find(String(details.params.client_id));
      ctx.status = 401;
      ctx.type = 'html';
      ctx.body = renderLoginPage(
        details.uid,
        client?.clientName ?? String(details.params.client_id),
        'That e-mail address and password do not match.',
      );
      return;
    }
    const to = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(to);
  });

  router.post('/confirm', async (ctx) => {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const accountId = details.session?.accountId;
    const account = findDemoAccount(accountId ?? '');
    if (details.prompt.name !== 'consent' || !account || !accountId) {
      return ctx.throw(400, 'This sign-in step has expired. Start again from the app.');
    }
    const { role } = account;
    const submitted = submittedScopes(ctx.request.body as FormBody);
    // SECURITY: what the account may not grant is dropped even if a crafted form sends it.
    const mayGrant = (scope: string) =>
      submitted.has(scope) && (role === 'owner' || staffMayGrant(scope));

    const clientId = String(details.params.client_id);
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    recordConsent(
      grant,
      requestedScopes(details.params),
      requestedResources(details.params),
      mayGrant,
    );
    const grantId = await grant.save();
    const to = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    ctx.status = 303;
    ctx.redirect(to);
  });

  router.post('/abort', async (ctx) => {
    const to = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { error: 'access_denied', error_description: 'The school owner denied access.' },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(to);
  });

  return router;
}
