import type { ReactNode } from 'react';
import {
  constraintsText,
  refName,
  resolveRef,
  typeText,
  type JsonSchema,
  type OpenApiDocument,
} from '../openapi-document';
import { InlineText } from './inline-text';
import styles from '../integrations.module.css';

interface SchemaProps {
  document: OpenApiDocument;
  schema: JsonSchema;
  /** The `$ref`s already opened above this one: a schema that holds itself is named, not opened again. */
  seen?: ReadonlySet<string>;
}

/** How deep the page opens nested schemas; below that a property is named by its type only. */
const MAX_DEPTH = 8;

/**
 * A schema as a reader takes it in: its properties as a nested list (name, type, required or not, what it is,
 * its limits), each object or array of objects opened below its property. A `$ref` is opened where it is used, once
 * along each path, so a schema that refers to itself ends.
 */
export function SchemaView({ document, schema, seen = new Set() }: SchemaProps) {
  return <>{shape(document, schema, seen)}</>;
}

/** What is inside a schema worth a list: an object's properties, an array's items, a variant's shape. */
function shape(document: OpenApiDocument, schema: JsonSchema, seen: ReadonlySet<string>): ReactNode {
  if (seen.size >= MAX_DEPTH) return null;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return <p className={styles.muted}>({refName(schema.$ref)}, as above.)</p>;
    const target = resolveRef<JsonSchema>(document, schema.$ref);
    return target ? shape(document, target, new Set([...seen, schema.$ref])) : null;
  }
  if (schema.properties) return <Properties document={document} schema={schema} seen={seen} />;
  if (schema.items) return shape(document, schema.items, seen);
  if (typeof schema.additionalProperties === 'object') return shape(document, schema.additionalProperties, seen);
  const variants = (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).filter((v) => v.type !== 'null');
  const shaped = variants.map((v, i) => ({ key: i, node: shape(document, v, seen), label: typeText(v) }));
  const some = shaped.filter((v) => v.node !== null);
  if (some.length === 0) return null;
  if (some.length === 1 || schema.allOf)
    return (
      <>
        {some.map((v) => (
          <div key={v.key}>{v.node}</div>
        ))}
      </>
    );
  return (
    <ul className={styles.schemaList}>
      {some.map((v) => (
        <li key={v.key}>
          <span className={styles.schemaType}>{v.label}</span>
          {v.node}
        </li>
      ))}
    </ul>
  );
}

function Properties({ document, schema, seen }: Required<SchemaProps>) {
  const required = new Set(schema.required ?? []);
  return (
    <ul className={styles.schemaList}>
      {Object.entries(schema.properties ?? {}).map(([name, property]) => {
        const described = property.$ref ? (resolveRef<JsonSchema>(document, property.$ref) ?? property) : property;
        const notes = constraintsText(property);
        return (
          <li key={name}>
            <code className={styles.schemaName}>{name}</code>{' '}
            <span className={styles.schemaType}>{typeText(property)}</span>
            {required.has(name) ? <span className={styles.required}> required</span> : <span> optional</span>}
            {(property.description ?? described.description) && (
              <span>
                : <InlineText text={property.description ?? described.description ?? ''} />
              </span>
            )}
            {notes.length > 0 && <span className={styles.muted}> ({notes.join('; ')})</span>}
            {shape(document, property, seen)}
          </li>
        );
      })}
    </ul>
  );
}
