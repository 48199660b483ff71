import { REPORT_ENDPOINTS as E } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { caller } from '../../plugins/auth';
import type { ReportsService } from './reports.service';

/** POST /cgi-bin/auth/report/create: anyone with a session (tourists too) reports what they see. */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (app, { reports }) => {
  route(app, E.reportCreate, async (request) => {
    await reports.report(caller(request).user, request.body);
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
  route(app, E.reportQueue, async (request) => ok(await reports.queue(request.query)));

  route(app, E.reportAction, async (request) => ok(await reports.act(caller(request).user, request.body)));

  route(app, E.reportLog, async (request) =>
    ok(await reports.log(request.query.page, request.query.page_size)),
  );

  route(app, E.safetyCounts, async (request) => ok(await reports.counts(request.query.days)));
};
