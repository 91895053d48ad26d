import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startTestOidcProvider } from '../../apps/server/src/test-support/oidc-provider';
import { startStripeStandIn } from '../../apps/server/src/test-support/stripe-stand-in';
import { CAMPUS_REVIEWER, CAMPUS_SSO_LABEL } from './campus-stack';
import {
  CAMPUS_ADMIN_EMAIL,
  CAMPUS_DATA_DIR,
  CAMPUS_OFFICE_EMAIL,
  DATA_DIR,
  LAKESIDE_DATA_DIR,
  LAKESIDE_TENANT,
  MAIL_DIR,
  STAFF_EMAIL,
} from './paths';

/**
 * Starts a local SMTP sink that files every message in MAIL_DIR, then the
 * real server delivering to it: the compiled server that `npm start` runs
 * (apps/server/dist, written by `npm run build`, which `npm run test:e2e` runs first),
 * through its e2e entry: the same server on a clock the journeys move from
 * E2E_CLOCK_PORT (support/server-clock.ts, decision 053).
 * With E2E_STACK=lakeside it is the second stack: the lakeside tenant on its own database.
 * With E2E_STACK=campus it is the third (issue 44): staff sign in with a second factor, or with the campus account
 * through a local OpenID provider started here.
 */
const lakeside = process.env.E2E_STACK === 'lakeside';
const campus = process.env.E2E_STACK === 'campus';
const firstStack = !lakeside && !campus;
const dataDir = lakeside ? LAKESIDE_DATA_DIR : campus ? CAMPUS_DATA_DIR : DATA_DIR;
await rm(dataDir, { recursive: true, force: true });
// The stacks deliver to one mail directory (each journey's addresses are its own); the first stack empties it.
if (firstStack) await rm(MAIL_DIR, { recursive: true, force: true });
await mkdir(MAIL_DIR, { recursive: true });

let seq = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
      const file = path.join(MAIL_DIR, `${Date.now()}-${String(++seq).padStart(5, '0')}-${to}.eml`);
      writeFile(file, Buffer.concat(chunks)).then(() => callback(), callback);
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const { port } = smtp.server.address() as AddressInfo;

const appPort = process.env.E2E_PORT;
if (!appPort) throw new Error('E2E_PORT must be set by playwright.config.ts');
if (!process.env.E2E_CLOCK_PORT) throw new Error('E2E_CLOCK_PORT must be set by playwright.config.ts');
const clockPort = process.env.E2E_CLOCK_PORT;

// The payment provider's stand-in (issue 43) for the first stack: its page takes the "card", then it sends the
// signed webhook to the server, signed at the server's (movable) time. The other stacks have no provider.
const WEBHOOK_SECRET = 'whsec_e2e_stand_in_secret';
const stripe = !firstStack
  ? undefined
  : await startStripeStandIn({
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${appPort}/api/payments/webhook`,
      signingTime: async () => {
        const res = await fetch(`http://127.0.0.1:${clockPort}/now`);
        return new Date(((await res.json()) as { now: string }).now);
      },
    });
const publicUrl = `http://localhost:${appPort}`;
// The campus stack's OpenID provider (oidc-provider, as in the server tests), its client redirecting to this stack.
const oidc = campus ? await quietly(startCampusProvider) : undefined;

function startCampusProvider() {
  return startTestOidcProvider({
    publicUrl,
    people: [
      { sub: CAMPUS_REVIEWER.login, email: CAMPUS_REVIEWER.email, email_verified: true, name: CAMPUS_REVIEWER.name },
    ],
  });
}

/** oidc-provider warns at start that its in-memory store and its own login page are for development: so they are here. */
async function quietly<T>(start: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await start();
  } finally {
    console.warn = warn;
  }
}
Object.assign(process.env, {
  PORT: appPort,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dataDir,
  ...(lakeside ? { TENANT_CONFIG: LAKESIDE_TENANT } : {}),
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  ...(campus
    ? {
        // Two administrators: one sets up a second step in the browser, the other seeds the team (campus-office.ts).
        STAFF_EMAILS: `${CAMPUS_ADMIN_EMAIL},${CAMPUS_OFFICE_EMAIL}`,
        STAFF_MFA: 'required',
        STAFF_AUTH: 'both',
        STAFF_OIDC_ISSUER: oidc!.issuer,
        STAFF_OIDC_CLIENT_ID: oidc!.clientId,
        STAFF_OIDC_CLIENT_SECRET: oidc!.clientSecret,
        STAFF_OIDC_LABEL: CAMPUS_SSO_LABEL,
      }
    : {
        // The shared directory data, beside the repository as in CI (never committed); the campus stack needs none.
        LOOKUP_DATA_DIR: path.resolve(import.meta.dirname, '../../../shared/data/lookups'),
        // The admissions office's account used by tests/staff.spec.ts.
        STAFF_EMAILS: STAFF_EMAIL,
        // The office's journeys sign in with a password alone; the campus stack (staff-sign-in journeys) asks for more.
        STAFF_MFA: 'off',
      }),
  // Every journey signs up from this one address, more than the default 30 mails in 10 minutes allow;
  // the limit itself is proven by the server tests (two-processes.test.ts).
  MAIL_PER_IP_LIMIT: '1000',
  // The integrations journey (issue 45) posts webhooks to a plain-HTTP receiver it starts on 127.0.0.1.
  ...(firstStack ? { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
  ...(stripe
    ? { STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url }
    : {}),
});
// Plain JavaScript without type declarations, hence imported by a path in a variable.
const compiledServer = '../../apps/server/dist/e2e-main.js';
await import(compiledServer);
