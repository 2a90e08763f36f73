// The language files (ui/js/lang/*.js), each against its pair in the other
// language, and the tables they make against the page's code:
//   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import appEs from '../../ui/js/lang/app-es.js';
import appEn from '../../ui/js/lang/app-en.js';
import checkersEs from '../../ui/js/lang/checkers-es.js';
import checkersEn from '../../ui/js/lang/checkers-en.js';
import chokoEs from '../../ui/js/lang/choko-es.js';
import chokoEn from '../../ui/js/lang/choko-en.js';
import { FILES, tables, t, setLanguage } from '../../ui/js/common/i18n.js';

/** Each pair of files, Spanish and English: the app's, then each game's. */
const PAIRS = { app: [appEs, appEn], checkers: [checkersEs, checkersEn], choko: [chokoEs, chokoEn] };
const { es, en } = tables;

const UI_JS = new URL('../../ui/js/', import.meta.url).pathname;

/** The `{name}` placeholders of a sentence, sorted. */
function placeholders(text) {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

/**
 * Every difference of shape between two tables, as readable lines: a key
 * or an item on one side only, a sentence against a list, placeholders
 * that differ. Sentences are compared by their placeholders, never by
 * their words.
 */
function differences(a, b, path = '') {
  if (typeof a === 'string' || typeof b === 'string') {
    if (typeof a !== 'string' || typeof b !== 'string') return [`${path}: a sentence on one side only`];
    const [pa, pb] = [placeholders(a), placeholders(b)];
    return pa.join() === pb.join() ? [] : [`${path}: {${pa.join('}, {')}} against {${pb.join('}, {')}}`];
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return [`${path}: a list on one side only`];
    if (a.length !== b.length) return [`${path}: ${a.length} items against ${b.length}`];
    return a.flatMap((x, i) => differences(x, b[i], `${path}[${i}]`));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => {
      const at = path ? `${path}.${k}` : k;
      if (!(k in a)) return [`${at}: only in English`];
      if (!(k in b)) return [`${at}: only in Spanish`];
      return differences(a[k], b[k], at);
    });
  }
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`];
}

/** Every sentence of a table, at any depth. */
function sentences(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(sentences);
  if (value && typeof value === 'object') return Object.values(value).flatMap(sentences);
  return [];
}

/** The page's own scripts, the language files left out. */
function sources(dir = UI_JS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'lang' ? [] : sources(path);
    return e.name.endsWith('.js') ? [[path, readFileSync(path, 'utf8')]] : [];
  });
}

test('the comparison sees a missing key, a missing placeholder and a shorter list', () => {
  assert.deepEqual(differences({ a: 'x', b: 'y' }, { a: 'x' }), ['b: only in Spanish']);
  assert.deepEqual(differences({ a: 'in {n} turns' }, { a: 'en {m} turnos' }), ['a: {n} against {m}']);
  assert.deepEqual(differences({ a: [{ q: 'x' }] }, { a: [] }), ['a: 1 items against 0']);
  assert.deepEqual(differences({ a: [{ q: 'x {n}' }] }, { a: [{ q: 'y {n}' }] }), []);
});

test('each pair of files has the same keys, the same placeholders and the same help', () => {
  for (const [name, [a, b]] of Object.entries(PAIRS)) {
    assert.deepEqual(differences(a, b), [], `${name}-es.js against ${name}-en.js`);
  }
  assert.ok(Object.keys(es).length > 100, 'the tables are the whole page');
});

test('the tables the page uses are the files merged, no key in two files', () => {
  for (const [lang, index] of [['es', 0], ['en', 1]]) {
    const files = Object.values(PAIRS).map((pair) => pair[index]);
    assert.deepEqual(FILES[lang], files, `${lang}: the page merges these files`);
    assert.deepEqual(tables[lang], Object.assign({}, ...files));
    const seen = new Map();
    for (const [name, pair] of Object.entries(PAIRS)) {
      for (const key of Object.keys(pair[index])) {
        assert.ok(!seen.has(key), `${lang}: ${key} is in both ${seen.get(key)} and ${name}`);
        seen.set(key, name);
      }
    }
  }
});

test('no sentence is empty or has an unclosed placeholder', () => {
  for (const [lang, table] of [['es', es], ['en', en]]) {
    for (const text of sentences(table)) {
      assert.ok(text.trim().length > 0, `${lang}: an empty sentence`);
      assert.ok(!/\{\w*$|\{\W/.test(text.replace(/\{\w+\}/g, '')), `${lang}: ${text}`);
    }
  }
});

test('every key the page names literally is in both files', () => {
  const used = new Set();
  for (const [, text] of sources()) {
    for (const m of text.matchAll(/\b(?:t|content)\(\s*'([^']+)'/g)) used.add(m[1]);
  }
  assert.ok(used.size > 50, `${used.size} keys found`);
  for (const key of used) {
    assert.ok(key in es, `es lacks ${key}`);
    assert.ok(key in en, `en lacks ${key}`);
  }
});

test('t() fills the placeholders in either language', () => {
  setLanguage('en');
  assert.equal(t('drawIn', { n: 7 }), en.drawIn.replace('{n}', '7'));
  assert.ok(!t('cpuPlayed', { move: '11-15' }).includes('{'));
  setLanguage('es');
  assert.equal(t('drawIn', { n: 7 }), es.drawIn.replace('{n}', '7'));
});
