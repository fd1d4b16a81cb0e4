/**
 * The one face core shows its hosts. The Electron host (`src/main`) and the web host
 * (`src/web`) import core only from here (a lint rule holds them to it), so what a host may
 * rely on is this short list, and core's rooms can move behind it without touching a host.
 */

// Composing core: the adapters a host hands in, the services built from them, and the
// contract's handlers that the host wires to IPC or to loopback HTTP.
export type { BrowserOpener, Decrypted, Encryptor, Fetch, LogSink } from './adapters';
export { createServices, type Services } from './services';
export { createHandlers, handle, type Handlers } from './handlers';
export type { RateLimits } from './sync/rate-limiter';
export { pollingNetworkHint } from './sync/network-hint';
export type { FileSaver } from './workspace/file-saver';
export { FileKeyEncryptor } from './store/file-key-encryptor';
// A school database's helper processes, which Electron starts as utility processes.
export type { HelperChild, LaunchHelper } from './store/helper-process';
export { DATABASE_HELPER_FILE } from './store/helper-program';

// Logging: every line a host writes passes the app's one secret mask.
export { maskedLogger, SecretMask } from './auth/secret-mask';

// Starting up: the Node a run needs, one process per data folder, a lean heap, a port.
export { exitUnlessNodeIsCurrent } from './node-runtime';
export { lockDataFolder, type FolderLock } from './store/folder-lock';
export { favourMemoryOverSpeed } from './host-memory';
export { listenOnLoopback } from './loopback-port';

// The host's own files (the web host's address file), written whole or not at all.
export { isTempName } from './store/atomic-file';
export { writeFileAtomicSync } from './store/atomic-file-sync';

// The host's own words (menus, dialogs, refusals, web-host pages), from the same catalogs.
export { hostText, languageOfRequest, terminalLanguage, type HostText } from './i18n/host-text';
export { folderRefusal } from './i18n/folder-refusal';
export { PLAIN_PAGE_CSP, plainPage } from './i18n/plain-page';
