import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The order of the server features (issue 40) is written once, as FEATURE_LAYERS in .dependency-cruiser.cjs,
 * which turns it into one rule a layer; docs/where-things-go.md's table mirrors it. This reads the layers
 * back out of the rules lint enforces, and keeps them, the table and the folders in features/ the same.
 */
const root = path.resolve(import.meta.dirname, '..');
const WHERE_THINGS_GO = path.join(root, 'docs/where-things-go.md');
const FEATURES = path.join(root, 'apps/server/src/features');

interface Rule {
  name: string;
  from: { path: string };
  to: { path: string };
}

/** The feature names of a rule's path, `^apps/server/src/features/(a|b)/`. */
function namesIn(rulePath: string): string[] {
  const names = /\/features\/\(([^)]+)\)\/$/.exec(rulePath)?.[1];
  if (!names) throw new Error(`not a path of features: ${rulePath}`);
  return names.split('|');
}

/** The layers as the rules enforce them: each layer's features, and the features its rule forbids. */
function enforcedLayers(): { features: string[]; forbidden: string[] }[] {
  const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
  return config.forbidden
    .filter((rule) => /^feature-layer-\d+$/.test(rule.name))
    .map((rule, n) => {
      expect(rule.name).toBe(`feature-layer-${n}`);
      return { features: namesIn(rule.from.path), forbidden: namesIn(rule.to.path) };
    });
}

interface Row {
  layer: number;
  features: string[];
  mayUse: string;
}

/** What the table's last column says a layer may use. */
const mayUse = (layer: number) =>
  layer === 0 ? 'no other feature' : layer === 1 ? 'layer 0' : `layers 0 to ${layer - 1}`;

/** The rows of the table under "### The order of the features": its layer, its features, what it may use. */
function documentedLayers(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '### The order of the features');
  if (start < 0) throw new Error('docs/where-things-go.md has no "### The order of the features" heading');
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const after = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  // The header and the separator row first, then one row a layer.
  return lines.slice(first + 2, after < 0 ? undefined : after).map((line) => {
    const [layer = '', features = '', uses = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return {
      layer: Number(layer),
      features: [...features.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!),
      mayUse: uses,
    };
  });
}

describe('the order of the server features', () => {
  const layers = enforcedLayers();

  it('forbids each layer its own layer and every layer above', () => {
    expect(layers.length).toBeGreaterThan(0);
    layers.forEach(({ forbidden }, n) => {
      expect(forbidden).toEqual(layers.slice(n).flatMap((layer) => layer.features));
    });
  });

  it('puts every feature folder in exactly one layer', () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const placed = layers.flatMap((layer) => layer.features);
    expect([...placed].sort()).toEqual([...new Set(placed)].sort());
    expect([...placed].sort()).toEqual(folders.sort());
  });

  it('is the table in docs/where-things-go.md', () => {
    const documented = documentedLayers(readFileSync(WHERE_THINGS_GO, 'utf8'));
    expect(documented).toEqual(layers.map(({ features }, layer) => ({ layer, features, mayUse: mayUse(layer) })));
  });
});
