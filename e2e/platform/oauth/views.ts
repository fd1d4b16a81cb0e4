/** HTML of the stand-in's own pages: sign-in, consent and errors. Plain, accessible, no script. */

const escapeHtml = (value: unknown): string =>
  String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo School</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; }
  label { display: block; margin: .5rem 0; }
  input[type=email], input[type=password] { display: block; width: 100%; padding: .4rem; font: inherit; }
  button { font: inherit; padding: .4rem 1.2rem; margin-right: .5rem; }
  .reason { color: #666; font-size: .9em; margin-left: .3rem; }
  .error { color: #a00; }
  fieldset { border: 1px solid #ccc; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The sign-in form: fields "Email" and "Password", button "Sign in". */
export function renderLoginPage(uid: string, clientName: string, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to Demo School</h1>
<p><strong>${escapeHtml(clientName)}</strong> wants to connect to your school.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <p><button type="submit">Sign in</button></p>
</form>`,
  );
}

export type ConsentScope = { scope: string; allowed: boolean; checked: boolean; reason?: string };

/**
 * The consent form: the client's name and one checkbox per requested scope, labelled with the
 * scope string and checked by default. Scopes the account may not grant are disabled, with the
 * reason beside them; a disabled box is never submitted, so it is never granted.
 */
export function renderConsentPage(
  uid: string,
  clientName: string,
  accountEmail: string,
  scopes: ConsentScope[],
): string {
  const rows = scopes
    .map((s, i) => {
      const id = `scope-${i}`;
      const reason = s.allowed
        ? ''
        : `<span class="reason" id="${id}-reason">${escapeHtml(s.reason ?? '')}</span>`;
      return `<label for="${id}"><input type="checkbox" id="${id}" name="scope" value="${escapeHtml(s.scope)}"${
        s.allowed && s.checked ? ' checked' : ''
      }${s.allowed ? '' : ` disabled aria-describedby="${id}-reason"`}> ${escapeHtml(s.scope)}</label>${reason}`;
    })
    .join('\n');
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(clientName)}?</h1>
<p>Signed in as ${escapeHtml(accountEmail)}. <strong>${escapeHtml(clientName)}</strong> asks for access to:</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/confirm">
  <fieldset>
    <legend>Requested access</legend>
    ${rows}
  </fieldset>
  <p>
    <button type="submit">Allow</button>
    <button type="submit" formaction="/interaction/${escapeHtml(uid)}/abort">Deny</button>
  </p>
</form>`,
  );
}

/** An error page that names the error in plain words, never a stack. */
export function renderErrorPage(out: { error?: string; error_description?: string }): string {
  return page(
    'Something went wrong',
    `<h1>Something went wrong</h1>
<p role="alert">${escapeHtml(out.error_description ?? 'The request could not be completed.')}</p>
<p>Error code: <code>${escapeHtml(out.error ?? 'server_error')}</code></p>`,
  );
}
