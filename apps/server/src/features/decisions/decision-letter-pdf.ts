import type { AppDeps } from '../../app-deps';
import type { PdfRenderer } from '../pdf';
import { decisionLetterText, letterFactsOf } from './decision-letter';
import { codeOf } from './decision-rules';
import type { DecisionRow } from './decisions-repository';

/** A released decision's letter as a PDF, as the applicant downloads it and as "Download my data" holds it. */
export async function drawDecisionLetter(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  renderer: PdfRenderer,
  userId: string,
  row: DecisionRow,
): Promise<Buffer> {
  const tenant = deps.config.tenant;
  const facts = await letterFactsOf(deps.db, tenant, userId);
  return renderer.renderLetter({
    title: `${tenant.partnerName}: ${codeOf(tenant.decisions, row.code)?.label ?? row.code}`,
    receivedOn: '',
    text: decisionLetterText(tenant, row, facts, deps.clock.now()),
  });
}
