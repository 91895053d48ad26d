import { feeWaiverDecisionBody, offlinePaymentBody, refundBody, staffPaymentsQuery } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import type { PaymentGateway } from '../../infra/payments/stripe-gateway';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from '../staff';
import { applicationPayments } from './application-payments';
import { decideFeeWaiver } from './fee-waiver-decision';
import { recordOfflinePayment } from './offline-payment';
import { refundPayment } from './refunds';
import { paymentsCsv, paymentsFormat, paymentsList } from './staff-payment-list';
import { applicationOfPayment } from './staff-payments-repository';

type ApplicationParams = { userId: string };
type PaymentParams = { paymentId: string };

/**
 * The office's payment calls under /api/staff (issue 43, decision 065), behind the staff check (app.ts) and each
 * behind the `payments` right: the payments list and its CSV, an application's payments panel, an offline
 * payment recorded, a fee waiver request decided, a refund sent. A call on one application starts with
 * assertStaffSeesApplication (404 outside the member's programs); every read and every write is in the audit
 * log with who (a write in the transaction of its change, a read with the statements it answers from), and every
 * change writes the office's index (recordFeeChange) in its own transaction. A change answers the panel.
 */
export function staffPaymentsRoutes(deps: AppDeps, ctx: FormContext, gateway: PaymentGateway | null) {
  const payments = requireRight(deps, 'payments');
  const online = gateway !== null;

  /** The panel as it stands after a change (or for the read, with its audit row in the same transaction). */
  const panel = (userId: string) => deps.db.transaction((tx) => applicationPayments(deps, tx, userId, online));

  /** The application named by the route, if the member may see it. */
  async function seenApplication(req: FastifyRequest<{ Params: ApplicationParams }>): Promise<string> {
    const { userId } = req.params;
    await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
    return userId.toLowerCase();
  }

  return async (app: FastifyInstance) => {
    app.get('/payments', { preHandler: payments }, async (req, reply) => {
      const query = parseBody(staffPaymentsQuery, req.query);
      const format = paymentsFormat(query.format, req.headers.accept);
      const access = staffAccessOf(req);
      const now = deps.clock.now();
      const list = await deps.db.transaction(async (tx) => {
        await recordStaffRead(
          tx,
          staffOf(req),
          null,
          'view-payments',
          { from: query.from ?? null, to: query.to ?? null, state: query.state ?? null, format },
          now,
        );
        return paymentsList(deps, tx, access, query);
      });
      reply.header('cache-control', 'no-store');
      if (format === 'json') return list;
      const name = `payments${query.from ? `-from-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', contentDisposition('attachment', name));
      return paymentsCsv(list, now);
    });

    app.get<{ Params: ApplicationParams }>(
      '/applications/:userId/payments',
      { preHandler: payments },
      async (req, reply) => {
        const userId = await seenApplication(req);
        const answer = await deps.db.transaction(async (tx) => {
          await recordStaffRead(tx, staffOf(req), userId, 'view-payments', {}, deps.clock.now());
          return applicationPayments(deps, tx, userId, online);
        });
        reply.header('cache-control', 'no-store');
        return answer;
      },
    );

    app.post<{ Params: ApplicationParams }>(
      '/applications/:userId/payments',
      { preHandler: payments },
      async (req, reply) => {
        const body = parseBody(offlinePaymentBody, req.body);
        const userId = await seenApplication(req);
        await recordOfflinePayment(deps, staffOf(req), userId, body);
        return reply.code(201).send(await panel(userId));
      },
    );

    app.put<{ Params: ApplicationParams }>(
      '/applications/:userId/fee-waiver',
      { preHandler: payments },
      async (req) => {
        const body = parseBody(feeWaiverDecisionBody, req.body);
        const userId = await seenApplication(req);
        await decideFeeWaiver(deps, staffOf(req), userId, body);
        return panel(userId);
      },
    );

    app.post<{ Params: PaymentParams }>(
      '/payments/:paymentId/refunds',
      { preHandler: [payments, requireFreshSignIn(deps)] },
      async (req, reply) => {
        const body = parseBody(refundBody, req.body);
        const { paymentId } = req.params;
        const userId = isUuid(paymentId) ? await applicationOfPayment(deps.db, paymentId) : undefined;
        if (!userId) throw new AppError('NOT_FOUND');
        // The same 404 for a payment of an application outside the member's programs as for none at all.
        await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
        await refundPayment(deps, gateway, staffOf(req), paymentId.toLowerCase(), body, req.log);
        return reply.code(201).send(await panel(userId));
      },
    );
  };
}
