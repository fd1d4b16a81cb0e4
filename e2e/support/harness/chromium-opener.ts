import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { BrowserOpener } from '../../../src/core/adapters';
import { chromiumExecutablePath } from '../chromium';
import { OWNER, reachConsent, signInAndAllow as allowAs } from '../oauth-flow';

export { OWNER, STAFF } from '../oauth-flow';

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

/** Signs in (when the school asks) and answers consent with Allow, unticking `decline`. */
export function signInAndAllow(
  account: { email: string; password: string } = OWNER,
  decline: string[] = [],
): BrowserBehaviour {
  return async (page, url) => {
    await page.goto(url);
    await allowAs(account.email, account.password, decline)(page);
    // The loopback listener's final page: success or the failure in plain words.
    await page.getByRole('heading', { name: 'Schooldesk' }).waitFor();
  };
}

/** Signs in and presses Deny. */
export function signInAndDeny(
  account: { email: string; password: string } = OWNER,
): BrowserBehaviour {
  return async (page, url) => {
    await page.goto(url);
    await reachConsent(page, account.email, account.password);
    await page.getByRole('button', { name: 'Deny' }).click();
  };
}
