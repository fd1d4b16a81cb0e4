import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and answers the port bound. With `orAnyPort`,
 * a port taken by someone else gives way to any free one: both of our loopback servers prefer
 * a port they knew before (the registered redirect's, the bookmarked address's) and can live
 * with another. Any other error is thrown.
 */
export async function listenOnLoopback(
  server: Server,
  port: number,
  options: { orAnyPort: boolean },
): Promise<number> {
  try {
    return await listen(server, port);
  } catch (error) {
    if (options.orAnyPort && port !== 0 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      return listen(server, 0);
    throw error;
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
