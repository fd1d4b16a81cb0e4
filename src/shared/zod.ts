import { z } from 'zod';

/**
 * zod, as every schema of the app is built with it: without generated code. By default zod
 * writes a parser for each object schema (`new Function`) the first time it parses one. In the
 * host that stalled the event loop: the first answers of a freshly signed-in school's bridge
 * calls spent about 60 ms of one call compiling parsers, as its first sync began (a CPU
 * profile of the web host in `bench:offline`). Without them, a parse is slower once warm: a
 * student record takes about 1.1 µs, not 0.6 µs (100,000 in 109–114 ms against 60–65 ms,
 * Node 24, this project's machine), which a first sync of 100,000 students spreads over its
 * 2,000 pages. The renderer's CSP allows no generated code anyway; there zod's probe for it
 * was refused and reported as a violation.
 *
 * zod reads the setting as each schema is built, so it is set here, where every schema module
 * takes `z` from (the linter allows no other value import of zod).
 */
z.config({ jitless: true });

export { z };
