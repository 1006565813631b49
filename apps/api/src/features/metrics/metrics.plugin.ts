import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { registerDatabaseGauges } from './database-gauges';
import { registerDatabaseTierGauges } from './database-tier-gauges';
import { instrumentRequests } from './http-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `GET /metrics` answers; served on its own listener (metrics-server.ts), never here. */
    metrics: Registry;
  }
}

/**
 * The app's Prometheus metrics: requests by route and status, the database's figures read at
 * scrape time, and Node's own (memory, event loop, GC). One registry per app, not prom-client's
 * global one: tests build many apps in one process.
 */
export const metricsPlugin = fp((app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  instrumentRequests(app, registry);
  registerDatabaseGauges(app.ctx, registry);
  registerDatabaseTierGauges(app.ctx, registry);
  app.decorate('metrics', registry);
});
