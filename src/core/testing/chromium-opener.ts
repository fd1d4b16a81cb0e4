import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { BrowserOpener } from '../adapters';
import { chromiumExecutablePath } from '../../../e2e/support/chromium';

/** What the "user" does in the browser once the sign-in page is open. */
export type BrowserBehaviour = (page: Page, url: string) => Promise<void>;

/**
 * A real BrowserOpener for tests: Debian's Chromium driven by Playwright plays the system
 * browser, and `behaviour` plays the user (sign in and allow, deny, or do nothing).
 */
export class ChromiumOpener implements BrowserOpener {
  readonly opened: string[] = [];
  readonly failures: unknown[] = [];
  behaviour: BrowserBehaviour = async () => {};
  private context!: BrowserContext;
  private running: Promise<void>[] = [];

  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<ChromiumOpener> {
    const browser = await chromium.launch({
      executablePath: chromiumExecutablePath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    const opener = new ChromiumOpener(browser);
    opener.context = await browser.newContext();
    return opener;
  }

  open(url: string): Promise<void> {
    this.opened.push(url);
    // Taken now: a later test may set another behaviour before this page is ready.
    const behaviour = this.behaviour;
    const run = (async () => {
      const page = await this.context.newPage();
      await behaviour(page, url);
    })();
    // A behaviour that fails is a test bug: keep it visible instead of waiting for a timeout.
    this.running.push(
      run.catch((error: unknown) => {
        this.failures.push(error);
        console.error('browser behaviour failed:', error);
      }),
    );
    return Promise.resolve();
  }

  /** Forgets the school's cookies, so the next sign-in shows the login form again. */
  async signOutOfBrowser(): Promise<void> {
    await this.context.clearCookies();
  }

  /** Resolves when every behaviour started so far has finished. */
  async idle(): Promise<void> {
    await Promise.all(this.running);
  }

  async close(): Promise<void> {
    await Promise.all(this.running);
    await this.browser.close();
  }
}

export const OWNER = { email: 'owner@demo.school', password: 'demo-owner' } as const;
export const STAFF = { email: 'staff@demo.school', password: 'demo-staff' } as const;

/** Signs in (when the school asks) and answers consent with Allow, unticking `decline`. */
export function signInAndAllow(
  account: { email: string; password: string } = OWNER,
  decline: string[] = [],
): BrowserBehaviour {
  return async (page, url) => {
    await page.goto(url);
    await consentOrLogin(page, account);
    for (const scope of decline) await page.getByLabel(scope, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page
      .getByText('You can close this tab')
      .or(page.getByRole('heading', { name: 'Schooldesk' }))
      .first()
      .waitFor();
  };
}

/** Signs in and presses Deny. */
export function signInAndDeny(
  account: { email: string; password: string } = OWNER,
): BrowserBehaviour {
  return async (page, url) => {
    await page.goto(url);
    await consentOrLogin(page, account);
    await page.getByRole('button', { name: 'Deny' }).click();
  };
}

async function consentOrLogin(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  const allow = page.getByRole('button', { name: 'Allow' });
  await page.getByLabel('Email', { exact: true }).or(allow).waitFor();
  if (await page.getByLabel('Email', { exact: true }).isVisible()) {
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await allow.waitFor();
}
