import { OPERATOR_ENDPOINTS as E } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { caller } from '../../plugins/auth';
import type { OperatorService } from './operator.service';

/**
 * /cgi-bin/admin/operator/*: the operator console (issue 23). The admin scope's hook lets only
 * admins in (app.ts, plugins/admin.ts); each change is written to the audit log by the service.
 */
export const operatorRoutes: FastifyPluginAsync<{ operator: OperatorService }> = async (
  app,
  { operator },
) => {
  route(app, E.operatorUsers, async (request) => ok({ users: await operator.searchUsers(request.query.q) }));

  route(app, E.operatorUser, async (request) =>
    ok(await operator.userDetail(request.query.id, request.query.ledger_page)),
  );

  route(app, E.operatorCredits, async (request) =>
    ok(await operator.changeCredits(caller(request).user, request.body)),
  );

  route(app, E.operatorRefund, async (request) =>
    ok(await operator.refund(caller(request).user, request.body.order_id, request.body.reason)),
  );

  route(app, E.operatorBan, async (request) =>
    ok(
      await operator.setBan(
        caller(request).user,
        request.body.user_id,
        request.body.banned,
        request.body.reason,
      ),
    ),
  );

  route(app, E.operatorJobs, async (request) => ok(await operator.jobs(request.query)));

  route(app, E.operatorJobAction, async (request) =>
    ok(await operator.jobAction(caller(request).user, request.body)),
  );

  route(app, E.operatorEngines, async (request) =>
    ok({ engines: await operator.engines(request.query.probe) }),
  );

  route(app, E.operatorLog, async (request) => ok(await operator.log(request.query)));
};
