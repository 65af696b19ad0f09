import { connect } from 'node:net';

/**
 * Whether a Redis answers at `url`: a PING on its port answered with +PONG (no client library needed). The tests of
 * the socket adapter across replicas skip, saying so, when none does.
 */
export const redisAnswers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
