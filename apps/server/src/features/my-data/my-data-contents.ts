import type { StaffRecommendation } from '@admissions/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { decisionsForMyData } from '../decisions';
import { listConvertedDocuments } from '../documents';
import { mailLogOf } from '../mail';
import { messagesForMyData } from '../messages';
import { paymentsForMyData } from '../payments';
import { drawnCopy } from '../pdf';
import { lettersOpenToApplicant, officeRecommendations } from '../recommendations';
import type { MyDataDrawing } from './my-data-drawing';
import { otherApplicationEntries } from './other-application-entries';
import { pastApplicationEntries } from './past-application-entries';
import type { ZipEntry } from './zip-stream';
import { iso, json } from './entry-values';

/** What the ZIP says of itself: what is in it, and what the college keeps out of it and why (decision 047). */
const README = (partner: string, at: string) =>
  `Your data held by the ${partner} graduate application, as it was on ${at}.\n\n` +
  `answers.json           your account, your answers and the state of your application, your documents and\n` +
  `                       letters of recommendation (what was asked, of whom, and when), our decisions as\n` +
  `                       released to you, your answer to an offer, any withdrawal, and your fees and\n` +
  `                       payments (amounts, dates, references; no card data: we never have it), and the\n` +
  `                       messages the admissions office sent you, as sent\n` +
  `answer-history.json    every change to your answers, as saved\n` +
  `application-copy.pdf   the PDF copy of your application\n` +
  `decision-letter.pdf    the letter of our decision, once it is released to you\n` +
  `documents/             your uploaded documents, as converted to PDF\n` +
  `letters/               the letters of recommendation you did not waive your right to see\n` +
  `mail-log.json          the e-mails we sent to your address: when, their subject and kind\n` +
  `other-applications/    your other applications of this admissions cycle, each with the same files\n` +
  `past-applications/     your applications of earlier admissions cycles: their answers and PDF copies\n\n` +
  `Not included: letters you waived your right to see, and the admissions office's own working papers\n` +
  `about applications (notes, reviews, scores and draft decisions). They are the college's deliberations,\n` +
  `not data you gave us; the decision itself reaches you when it is made.\n`;

interface Owner {
  userId: string;
  username: string;
}

export type { MyDataDrawing };

/**
 * Everything the applicant's ZIP holds, in order. The database is read and the PDF copy found or drawn before the first
 * byte goes out (a failure there is an ordinary error answer); stored files are read as the ZIP reaches them.
 */
export async function myDataEntries(
  deps: AppDeps,
  drawing: MyDataDrawing,
  owner: Owner,
  log: FastifyBaseLogger,
): Promise<ZipEntry[]> {
  const { renderer, copies } = drawing;
  const { db } = deps;
  const { userId } = owner;
  const [
    [account, application, logins, history],
    documents,
    recommendations,
    letters,
    mailLog,
    copy,
    decided,
    money,
    messages,
  ] = await Promise.all([
    accountRows(db, userId),
    listConvertedDocuments(deps, userId),
    officeRecommendations(deps, userId),
    lettersOpenToApplicant(deps, userId, renderer),
    mailLogOf(db, owner.username),
    // Patient: a data download right after a submission (whose copy is being drawn) waits, never 429.
    drawnCopy(copies.file(owner, log, { patient: true })).then((c) => c.pdf),
    decisionsForMyData(deps, renderer, userId),
    paymentsForMyData(deps, userId),
    messagesForMyData(deps, userId),
  ]);
  const app = application.rows[0];
  const user = account.rows[0]!;
  const letterFiles = new Map(letters.map((l, i) => [l.requestId, `letters/letter-${i + 1}.pdf`]));
  const documentFile = (answerKey: string) => `documents/${answerKey}.pdf`;
  const now = deps.clock.now().toISOString();

  const answers = {
    exported_at: now,
    account: { email: user.email, created_at: iso(user.created_at), confirmed_at: iso(user.confirmed_at) },
    logins: logins.rows.map((r) => iso(r.logged_in_at)),
    application: app
      ? {
          answers: app.answers,
          last_page: app.last_page,
          add_another: app.add_another,
          tabs: app.tabs,
          cycle_id: app.cycle_id,
          submitted_at: iso(app.submitted_at),
          last_changed_at: iso(app.updated_at),
        }
      : null,
    documents: documents.map((d) => ({
      answer_key: d.answerKey,
      uploaded_file_name: d.fileName,
      uploaded_file_size: d.fileSize,
      file_in_this_zip: documentFile(d.answerKey),
    })),
    // What was asked of whom, and when; a letter's text only as its file here, and only if not waived.
    letters_of_recommendation: recommendations.map((r) => letterRequestOf(r, letterFiles.get(r.id) ?? null)),
    decisions: decided.decisions,
    withdrawal: decided.withdrawal,
    // Fees and what was paid, refunded or waived (issue 43); never card data, which the product never holds.
    ...money,
    // The office's messages to groups (issue 46) as they were sent to this application: subject, text and time.
    messages,
  };

  const entries: ZipEntry[] = [
    {
      name: 'README.txt',
      deflate: true,
      read: async () => new TextEncoder().encode(README(deps.config.tenant.partnerName, now)),
    },
    { name: 'answers.json', deflate: true, read: async () => json(answers) },
    {
      name: 'answer-history.json',
      deflate: true,
      read: async () =>
        json(history.rows.map((r) => ({ at: iso(r.created_at), kind: r.kind, changes: officeUnnamed(r.changes) }))),
    },
    { name: 'application-copy.pdf', deflate: false, read: async () => copy },
    ...(decided.letter ? [{ ...decided.letter, deflate: false }] : []),
    ...documents.map((d) => ({ name: documentFile(d.answerKey), deflate: false, read: () => d.readPdf() })),
    ...letters.map((l) => ({ name: letterFiles.get(l.requestId)!, deflate: false, read: () => l.readPdf() })),
    { name: 'mail-log.json', deflate: true, read: async () => json(mailLog) },
    ...(await otherApplicationEntries(deps, drawing, owner, log)),
    ...(await pastApplicationEntries(deps, copies, userId, log)),
  ];
  return entries;
}

/** The applicant's own rows: their account, their application, their logins and the history of their answers. */
function accountRows(db: AppDeps['db'], userId: string) {
  return Promise.all([
    db.query<{ email: string; created_at: Date; confirmed_at: Date | null }>(
      'SELECT email, created_at, confirmed_at FROM users WHERE id = $1',
      [userId],
    ),
    db.query<{
      answers: Record<string, string>;
      last_page: string | null;
      add_another: unknown;
      tabs: unknown;
      submitted_at: Date | null;
      updated_at: Date;
      cycle_id: string | null;
    }>(
      `SELECT answers, last_page, add_another, tabs, submitted_at, updated_at, cycle_id
       FROM applications WHERE user_id = $1`,
      [userId],
    ),
    db.query<{ logged_in_at: Date }>('SELECT logged_in_at FROM logins WHERE user_id = $1 ORDER BY logged_in_at', [
      userId,
    ]),
    db.query<{ kind: string; changes: unknown; created_at: Date }>(
      'SELECT kind, changes, created_at FROM answer_history WHERE user_id = $1 ORDER BY id',
      [userId],
    ),
  ]);
}

/** One letter of recommendation asked for, as answers.json tells it: the letter itself is a file, when the applicant may see it. */
function letterRequestOf(r: StaffRecommendation, fileInThisZip: string | null) {
  return {
    recommender: r.name,
    email: r.email,
    organisation: r.organisation,
    position: r.position,
    relation: r.relation,
    current: r.current,
    status: r.status,
    requested_at: r.requested_at,
    received_at: r.received_at,
    declined_at: r.declined_at,
    reminders_sent: r.reminders_sent,
    waived_right_to_see: r.waived_at_receipt,
    file_in_this_zip: fileInThisZip,
  };
}

/**
 * A request or waiver is the office's, as every page shows it: the member who made it is the college's working
 * paper, kept in the audit log, not the applicant's data.
 */
function officeUnnamed(changes: unknown): unknown {
  if (!changes || typeof changes !== 'object' || !('by' in changes)) return changes;
  return { ...changes, by: 'the admissions office' };
}
