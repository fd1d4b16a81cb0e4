import { timingSafeEqual, createHash } from 'node:crypto';

/** A person who can sign in to the demo school. */
export type DemoAccount = {
  /** Stable subject identifier (`sub`). */
  id: string;
  email: string;
  name: string;
  /** `owner` may grant every scope; `staff` only the read scopes. */
  role: 'owner' | 'staff';
  password: string;
};

/** The demo accounts documented in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
    email: 'owner@demo.school',
    name: 'Olivia Owner',
    role: 'owner',
    password: 'demo-owner',
  },
  {
    id: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000002',
    email: 'staff@demo.school',
    name: 'Sam Staff',
    role: 'staff',
    password: 'demo-staff',
  },
];

/** The account with this id, if any. */
export function findDemoAccount(id: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.id === id);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The account matching these credentials, or undefined.
 * SECURITY: compares password digests in constant time so a wrong password and a wrong
 * e-mail take the same time.
 */
export function authenticate(email: string, password: string): DemoAccount | undefined {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
  const expected = digest(account?.password ?? 'no such account');
  const ok = timingSafeEqual(expected, digest(password));
  return account && ok ? account : undefined;
}

/** Which claims each OIDC scope releases, for the ID token and for userinfo alike. */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub', 'role', 'school_id', 'school_subdomain'],
  profile: ['name', 'avatar_url'],
  email: ['email', 'email_verified'],
} as const;

/** Every claim the platform knows about an account. */
export function claimsOf(account: DemoAccount): Record<string, string | boolean | null> {
  return {
    sub: account.id,
    role: account.role,
    school_id: 'demo-school',
    school_subdomain: 'demo',
    name: account.name,
    avatar_url: null,
    email: account.email,
    email_verified: true,
  };
}

/** The claims released by the scopes for which `granted` holds. */
export function claimsForScopes(
  account: DemoAccount,
  granted: (scope: string) => boolean,
): Record<string, string | boolean | null> {
  const all = claimsOf(account);
  const names = Object.entries(CLAIMS_BY_SCOPE).flatMap(([scope, claims]) =>
    granted(scope) ? claims : [],
  );
  return Object.fromEntries(names.map((name) => [name, all[name] ?? null]));
}
