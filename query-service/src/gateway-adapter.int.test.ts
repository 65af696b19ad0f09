import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE, SOCKET_EVENTS } from '@evergrade/contracts';
import { createSessionStore, migrateSessions } from '@evergrade/platform/auth';
import { createInProcessBus, type NoticeBus } from '@evergrade/platform/bus';
import { openPgliteDatabase, type Database } from '@evergrade/platform/sql';
import { attachGateway, type Gateway } from './gateway';
import { redisAnswers } from './testing/redis';

/**
 * Two socket gateways on one Redis (issue 15 item 3), in one process: each stands for a query-service replica, and
 * both hear the same notice bus as every replica hears PostgreSQL's. A notice reaches a client of each once; an emit to
 * a room on one replica reaches that room's client on the other (the adapter); closing one leaves the other's clients.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const hasRedis = await redisAnswers(redisUrl);

// A tenant of this run only: rooms are `${tenant}:${key}`, and Redis's channels are shared by every run on the machine.
const TENANT = `adapter-${process.pid}-${Date.now()}`;

describe.skipIf(!hasRedis)(
  `the socket gateway across replicas on Redis${hasRedis ? '' : ` (skipped: no Redis answers at ${redisUrl})`}`,
  () => {
    let db: Database;
    const bus: NoticeBus = createInProcessBus();
    const replicas: { http: HttpServer; gateway: Gateway; url: string }[] = [];
    const clients: Socket[] = [];
    let auth: { cookie: string; csrf: string };

    const client = async (url: string) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: auth.cookie },
        query: { csrf: auth.csrf },
      });
      clients.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      return socket;
    };

    beforeAll(async () => {
      db = await openPgliteDatabase();
      await migrateSessions(db);
      const sessions = createSessionStore(db, { ttlHours: 1 });
      const { token, session } = await sessions.create({
        tenant: TENANT,
        userId: 7,
        role: 'admin',
        email: 'admin@adapter.test',
        firstName: 'Ada',
        lastName: 'Pter',
      });
      auth = { cookie: `${SESSION_COOKIE}=${token}`, csrf: session.csrfToken };
      for (let i = 0; i < 2; i++) {
        const http = createServer();
        const gateway = await attachGateway(http, { sessions, bus, db, redisUrl });
        await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
        replicas.push({ http, gateway, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
      }
    }, 60_000);

    afterAll(async () => {
      for (const c of clients) c.disconnect();
      for (const r of replicas) {
        await r.gateway.close();
        r.http.closeAllConnections();
        await new Promise<void>((resolve) => r.http.close(() => resolve()));
      }
      await bus.close();
      await db?.close();
    });

    it('tells a client on each replica of a notice once, and carries an emit to a room from one replica to the other', async () => {
      const [a, b] = [await client(replicas[0]!.url), await client(replicas[1]!.url)];
      const heard = new Map<Socket, { position: string }[]>([
        [a, []],
        [b, []],
      ]);
      for (const [socket, list] of heard) socket.on(SOCKET_EVENTS.projectionUpdated, (n: { position: string }) => list.push(n));

      await bus.publish({ tenant: TENANT, projection: 'school', keys: ['school'], position: 'p1' });
      await bus.publish({ tenant: TENANT, projection: 'school', keys: ['school'], position: 'p2' });
      for (const list of heard.values()) {
        await expect.poll(() => list.map((n) => n.position)).toContain('p2');
        expect(list.map((n) => n.position)).toEqual(['p1', 'p2']);
      }

      // An emit that only replica 0 makes (not a bus notice): the adapter brings it to replica 1's client in the room.
      const probe = new Promise<unknown>((resolve) => b.once('adapter.probe', resolve));
      replicas[0]!.gateway.io.to(`${TENANT}:school`).emit('adapter.probe', { from: 0 });
      await expect(probe).resolves.toEqual({ from: 0 });
      await expect.poll(() => replicas[0]!.gateway.io.fetchSockets().then((s) => s.length)).toBe(2);
    });

    it("closing one replica's gateway disconnects its own clients only", async () => {
      const [a, b] = [await client(replicas[0]!.url), await client(replicas[1]!.url)];
      const gone = new Promise<string>((resolve) => a.once('disconnect', resolve));
      const first = replicas.shift()!;
      await first.gateway.close();
      await new Promise<void>((resolve) => first.http.close(() => resolve()));
      await gone;
      expect(b.connected).toBe(true);
      const heard = new Promise<{ position: string }>((resolve) => b.once(SOCKET_EVENTS.projectionUpdated, resolve));
      await bus.publish({ tenant: TENANT, projection: 'school', keys: ['school'], position: 'p3' });
      await expect(heard).resolves.toMatchObject({ position: 'p3' });
    });
  },
);
