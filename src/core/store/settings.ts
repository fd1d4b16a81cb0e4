import { chmodSync, existsSync } from 'node:fs';
import Conf from 'conf';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../shared/languages';

const registrationSchema = z.object({
  clientId: z.string().min(1),
  redirectUri: z.string().url(),
  registeredAt: z.number(),
});

const metadataCacheSchema = z.object({
  fetchedAt: z.number(),
  /** The discovered SchoolMetadata as JSON; re-validated where it is read. */
  metadata: z.unknown(),
});

const settingsSchema = z.object({
  /** Client registrations per school key (issuer and resource; public clients: nothing secret in them). */
  registrations: z.record(z.string(), registrationSchema).default({}),
  /** Discovered metadata per base URL, so a warm sign-in skips discovery. */
  metadata: z.record(z.string(), metadataCacheSchema).default({}),
  /** The user agreed to keep tokens on disk although the OS offers no keyring. */
  persistWithoutKeyring: z.boolean().default(false),
  /** Base URLs the user connected to, most recent first. */
  recentSchools: z.array(z.string()).default([]),
  /** The language the owner chose in Account; absent: the system's. */
  language: z.enum(LANGUAGES).optional(),
});

export type StoredRegistration = z.infer<typeof registrationSchema>;
type SettingsShape = z.infer<typeof settingsSchema>;

/**
 * Non-secret settings of core, in one JSON file in the data folder (`conf`, the engine under
 * electron-store, with an explicit directory so it runs in plain Node). Tokens never go here.
 *
 * SECURITY: the file is 0600 like every file of the data folder: no secret is in it, but it
 * says which schools this computer works with. A file an earlier version left readable to
 * others is narrowed when it is opened (conf's mode applies only to what it writes).
 */
export class Settings {
  private readonly conf: Conf<SettingsShape>;

  constructor(dataDir: string) {
    this.conf = new Conf<SettingsShape>({
      cwd: dataDir,
      configName: 'settings',
      clearInvalidConfig: true,
      configFileMode: 0o600,
    });
    if (process.platform !== 'win32' && existsSync(this.conf.path))
      chmodSync(this.conf.path, 0o600);
  }

  private read(): SettingsShape {
    // A hand-edited or half-written file must not break sign-in: fall back to defaults.
    const parsed = settingsSchema.safeParse(this.conf.store);
    return parsed.success ? parsed.data : settingsSchema.parse({});
  }

  private write(update: (current: SettingsShape) => SettingsShape): void {
    this.conf.store = update(this.read());
  }

  registration(school: string): StoredRegistration | undefined {
    return this.read().registrations[school];
  }

  saveRegistration(school: string, registration: StoredRegistration): void {
    this.write((s) => ({ ...s, registrations: { ...s.registrations, [school]: registration } }));
  }

  forgetRegistration(school: string): void {
    this.write((s) => {
      const { [school]: _dropped, ...rest } = s.registrations;
      return { ...s, registrations: rest };
    });
  }

  /**
   * Forgets every registration made for the school at `baseUrl` (one per authorization server
   * it was signed in through); answers their school keys.
   */
  forgetRegistrationsOf(baseUrl: string): string[] {
    // A school key is "<issuer> <baseUrl>", and a URL holds no space.
    const keys = Object.keys(this.read().registrations).filter((key) =>
      key.endsWith(` ${baseUrl}`),
    );
    if (keys.length > 0)
      this.write((s) => ({
        ...s,
        registrations: Object.fromEntries(
          Object.entries(s.registrations).filter(([key]) => !keys.includes(key)),
        ),
      }));
    return keys;
  }

  /** Forgets the metadata discovered for `baseUrl` (a failed sign-in, or a forgotten school). */
  forgetMetadata(baseUrl: string): void {
    if (!(baseUrl in this.read().metadata)) return;
    this.write((s) => {
      const { [baseUrl]: _dropped, ...rest } = s.metadata;
      return { ...s, metadata: rest };
    });
  }

  cachedMetadata(baseUrl: string): { fetchedAt: number; metadata: unknown } | undefined {
    return this.read().metadata[baseUrl];
  }

  /**
   * The authorization endpoint of every school discovered on this computer: what a host may
   * check a URL against before it opens a browser on it. Only metadata that passed discovery's
   * checks is ever cached, and it is cached before a browser is asked to open.
   */
  authorizationEndpoints(): string[] {
    return Object.values(this.read().metadata).flatMap(({ metadata }) => {
      const endpoint = (metadata as { as?: { authorization_endpoint?: unknown } } | null)?.as
        ?.authorization_endpoint;
      return typeof endpoint === 'string' ? [endpoint] : [];
    });
  }

  saveMetadata(baseUrl: string, metadata: unknown, fetchedAt: number): void {
    this.write((s) => ({ ...s, metadata: { ...s.metadata, [baseUrl]: { fetchedAt, metadata } } }));
  }

  /** Base URLs the user connected to, most recent first. */
  get recentSchools(): string[] {
    return this.read().recentSchools;
  }

  /** Puts `baseUrl` first in the recent schools (at most eight are kept). */
  rememberSchool(baseUrl: string): void {
    this.write((s) => ({
      ...s,
      recentSchools: [baseUrl, ...s.recentSchools.filter((b) => b !== baseUrl)].slice(0, 8),
    }));
  }

  /** Takes `baseUrl` off the recent schools. */
  forgetRecentSchool(baseUrl: string): void {
    this.write((s) => ({ ...s, recentSchools: s.recentSchools.filter((b) => b !== baseUrl) }));
  }

  /** The language the owner chose, or undefined to follow the system. */
  get language(): Language | undefined {
    return this.read().language;
  }

  set language(value: Language | undefined) {
    this.write(({ language: _old, ...rest }) => (value ? { ...rest, language: value } : rest));
  }

  get persistWithoutKeyring(): boolean {
    return this.read().persistWithoutKeyring;
  }

  set persistWithoutKeyring(value: boolean) {
    this.write((s) => ({ ...s, persistWithoutKeyring: value }));
  }
}
