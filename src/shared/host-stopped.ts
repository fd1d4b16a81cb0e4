/**
 * The code a bridge call answers when it cannot reach Schooldesk's own host at all: the web
 * host was stopped (its connection is refused). It is neither the school being down nor a
 * failure inside Schooldesk, so the page says that Schooldesk itself stopped and how to start
 * it again. The Electron host never answers it: its window closes with it.
 */
export const HOST_STOPPED = 'host_stopped';
