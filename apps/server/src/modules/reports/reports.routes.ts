import {
  reportActionBodySchema,
  reportCreateBodySchema,
  reportListQuerySchema,
  reportLogQuerySchema,
  safetyCountsQuerySchema,
} from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import type { ReportsService } from './reports.service';

/** POST /cgi-bin/auth/report/create: anyone with a session (tourists too) reports what they see. */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post('/report/create', async (request) => {
    await reports.report(caller(request).user, validate(reportCreateBodySchema, request.body));
    return ok(null);
  });
};

/**
 * /cgi-bin/admin/report/* and the safety counts: the admin scope's hook lets only admins in
 * (app.ts, plugins/admin.ts), and refuses every caller on the hosts where management is blocked.
 */
export const adminReportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get('/report/list', async (request) =>
    ok(await reports.queue(validate(reportListQuerySchema, request.query))),
  );

  app.post('/report/action', async (request) =>
    ok(await reports.act(caller(request).user, validate(reportActionBodySchema, request.body))),
  );

  app.get('/report/log', async (request) => {
    const q = validate(reportLogQuerySchema, request.query);
    return ok(await reports.log(q.page, q.page_size));
  });

  app.get('/safety/counts', async (request) => {
    const { days } = validate(safetyCountsQuerySchema, request.query);
    return ok(await reports.counts(days));
  });
};
