/** Options of one stand-in platform instance; see cli.ts for the flags that set them. */
export type PlatformOptions = {
  /** 0 picks a free port. */
  port: number;
  /** Folder that holds the database; a temporary folder when omitted. */
  dataDir?: string;
  /** Students generated on first start (default 2,000). */
  students: number;
  /** Seed of the deterministic demo data. */
  seed: number;
  /**
   * Large but valid data for tests of answer sizes (default 0 each): this many courses get a
   * 20,000-character description / a 20 × 60-lecture curriculum. See `SeedOptions`.
   */
  longDescriptions: number;
  bigCurriculum: number;
  /** Serve `/__control/` (loopback only). */
  control: boolean;
  /** Value of `client_id_metadata_document_supported` in the metadata. */
  clientIdMetadataDocuments: boolean;
  /** Lifetime of access tokens, in seconds (default 7200, as the real platform). */
  accessTokenTtl: number;
  /** Lifetime of authorization codes, in seconds. */
  authorizationCodeTtl: number;
  /** Requests per minute per client; null turns rate limiting off. */
  rateLimit: { reads: number; writes: number } | null;
  /**
   * Length of one rate-limit window in ms (default 60,000, the platform's "per minute").
   * Shorter windows let tests of client-side pacing run in seconds.
   */
  rateWindowMs?: number;
  /**
   * Answer only the record fields `shared/platform/NOTES.md` documents (default false), as a
   * real school may; `POST /__control/answer-shape` changes it while running.
   */
  documentedFieldsOnly?: boolean;
  /**
   * Also serve a second school on the same authorization server (default false), at
   * `${base}/schools/second`: its RFC 9728 metadata at
   * `/.well-known/oauth-protected-resource/schools/second`, its API under
   * `/schools/second/api/v1` with its own seeded data, taking only tokens whose audience is
   * that resource. `POST /__control/second-school` turns it on while running.
   */
  secondSchool?: boolean;
};

/** What the control API needs from the OAuth side to expire or revoke a client's tokens. */
export interface TokenControl {
  /** Makes every access token of the client expire now; resolves to how many were changed. */
  expireClientTokens(clientId: string): Promise<number>;
  /** Revokes every access and refresh token (and grant) of the client. */
  revokeClientTokens(clientId: string): Promise<number>;
  /**
   * Issues a real access token (same store, same checks as the token endpoint) for tests of the
   * business API that do not need a browser sign-in. Only reachable through the control API.
   */
  mintAccessToken(input: {
    accountId: string;
    scopes: string[];
    ttlSeconds?: number;
    /** The school the token is for (its resource); the first school when omitted. */
    resource?: string;
  }): Promise<{
    accessToken: string;
    clientId: string;
  }>;
}
