import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { CallError } from '../../../components/ui/call-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { useOpenApiDocument } from '../api/openapi-api';
import {
  bearerSchemes,
  constraintsText,
  operationsOf,
  responseOf,
  typeText,
  type OpenApiDocument,
  type Operation,
} from '../openapi-document';
import { InlineText } from './inline-text';
import { SchemaView } from './schema-view';
import styles from '../integrations.module.css';

export const INTEGRATIONS_PATH = '/staff/integrations';

/**
 * /staff/integrations/api (issue 45): the read API's reference for IT, drawn from GET /api/v1/openapi.json by the
 * product itself (decision of the lead: the generic viewers are heavy, fetched from CDNs and not axe-clean). The
 * document's title, version and description, how a call carries its token, then each operation with its scope,
 * parameters and responses. Plain headings in order (h2 the document and its operations, h3 an operation, h4 its
 * parts) and links to each, so a keyboard or a screen reader moves through it as through any page.
 */
export function ApiReference() {
  const query = useOpenApiDocument();
  return (
    <>
      <p>
        <Link to={INTEGRATIONS_PATH}>Back to Integrations</Link>
      </p>
      {query.isError ? (
        <CallError error={query.error} message="The API reference could not be loaded." />
      ) : query.data ? (
        <ReferenceBody document={query.data} />
      ) : (
        <PageLoading />
      )}
    </>
  );
}

function ReferenceBody({ document }: { document: OpenApiDocument }) {
  const operations = operationsOf(document);
  const bearer = bearerSchemes(document);
  const title = document.info?.title ?? 'The API';
  return (
    <>
      <section aria-labelledby="api-about" className={styles.section}>
        <h2 id="api-about" className={styles.heading}>
          {title}
          {document.info?.version && (
            <>
              {' '}
              <span className={styles.version}>version {document.info.version}</span>
            </>
          )}
        </h2>
        {document.info?.description && <Paragraphs text={document.info.description} />}
        {document.openapi && (
          <p className={styles.muted}>
            OpenAPI {document.openapi} document: <a href="/api/v1/openapi.json">openapi.json</a>
          </p>
        )}
        <h3 className={styles.subheading}>Authentication</h3>
        <p>
          Every call carries an API token created on the Integrations page, in the header{' '}
          <code>Authorization: Bearer &lt;token&gt;</code>. A call outside the token&apos;s scopes is refused with 403;
          a revoked or expired token with 401.
        </p>
        {bearer.map(([name, scheme]) => scheme.description && <Paragraphs key={name} text={scheme.description} />)}
      </section>
      <section aria-labelledby="api-operations" className={styles.section}>
        <h2 id="api-operations" className={styles.heading}>
          Operations
        </h2>
        {operations.length === 0 ? (
          <p>The document lists no operation.</p>
        ) : (
          <>
            <nav aria-label="Operations">
              <ul className={styles.plainList}>
                {operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`} onClick={(event) => jumpTo(event, op.id)}>
                      <span className={styles.method}>{op.method.toUpperCase()}</span> <code>{op.path}</code>
                      {op.operation.summary && (
                        <>
                          {' '}
                          · <InlineText text={firstSentence(op.operation.summary)} />
                        </>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {operations.map((op) => (
              <OperationView key={op.id} document={document} op={op} />
            ))}
          </>
        )}
      </section>
    </>
  );
}

/**
 * An operation's link moves the focus to its heading by script (as the skip link does): the reader, and a screen
 * reader, carry on from there, and the app's address is left as it is.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * A description that only says the scope ('Scope: `applications:read`.', 'No token.'), which the operation's own
 * Scope line already says.
 */
const SAYS_ONLY_THE_SCOPE = /^(Scope: `[^`]+`\.|No token\.)$/;

/** The first sentence of a summary, for the index of operations. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

function OperationView({ document, op }: { document: OpenApiDocument; op: Operation }) {
  const { operation } = op;
  const body = operation.requestBody;
  const responses = Object.entries(operation.responses ?? {});
  return (
    <article aria-labelledby={`${op.id}-title`} className={styles.operation}>
      <h3 id={op.id} className={styles.subheading} tabIndex={-1}>
        <span id={`${op.id}-title`}>
          <span className={styles.method}>{op.method.toUpperCase()}</span> <code>{op.path}</code>
        </span>
      </h3>
      {operation.summary && (
        <p className={styles.summary}>
          <InlineText text={operation.summary} />
        </p>
      )}
      {operation.description && !SAYS_ONLY_THE_SCOPE.test(operation.description.trim()) && (
        <Paragraphs text={operation.description} />
      )}
      <p>Scope: {op.scopes.length > 0 ? op.scopes.map((s, i) => [i > 0 && ', ', <code key={s}>{s}</code>]) : 'none'}</p>
      <h4 className={styles.minorHeading}>Parameters</h4>
      {op.parameters.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className={styles.schemaList}>
          {op.parameters.map((p) => {
            const notes = p.schema ? constraintsText(p.schema) : [];
            return (
              <li key={`${p.in}:${p.name}`}>
                <code className={styles.schemaName}>{p.name}</code>{' '}
                <span className={styles.schemaType}>{p.schema ? typeText(p.schema) : 'any'}</span> in {p.in}
                {p.required ? <span className={styles.required}>, required</span> : ', optional'}
                {p.description && (
                  <span>
                    : <InlineText text={p.description} />
                  </span>
                )}
                {notes.length > 0 && <span className={styles.muted}> ({notes.join('; ')})</span>}
              </li>
            );
          })}
        </ul>
      )}
      {body && (
        <>
          <h4 className={styles.minorHeading}>Request body{body.required ? ' (required)' : ''}</h4>
          {body.description && <p>{body.description}</p>}
          {Object.entries(body.content ?? {}).map(([type, media]) => (
            <div key={type}>
              <p>
                <code>{type}</code>
                {media.schema && (
                  <>
                    : <span className={styles.schemaType}>{typeText(media.schema)}</span>
                  </>
                )}
              </p>
              {media.schema && <SchemaView document={document} schema={media.schema} />}
            </div>
          ))}
        </>
      )}
      <h4 className={styles.minorHeading}>Responses</h4>
      {responses.length === 0 ? (
        <p>None described.</p>
      ) : (
        <ul className={styles.responses}>
          {responses.map(([status, raw]) => {
            const response = responseOf(document, raw);
            return (
              <li key={status}>
                <strong>{status}</strong>
                {response?.description && (
                  <>
                    : <InlineText text={response.description} />
                  </>
                )}
                {Object.entries(response?.content ?? {}).map(([type, media]) => (
                  <div key={type}>
                    <p className={styles.muted}>
                      <code>{type}</code>
                      {media.schema && `: ${typeText(media.schema)}`}
                    </p>
                    {media.schema && <SchemaView document={document} schema={media.schema} />}
                  </div>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

/** A description of the document, split into its paragraphs. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className={styles.description}>
            <InlineText text={p} />
          </p>
        ))}
    </>
  );
}
