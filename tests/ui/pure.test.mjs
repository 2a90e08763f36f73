// Unit tests of the page's pure helpers (no browser needed):
//   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { tables, resolveLanguage, setLanguage } from '../../ui/js/common/i18n.js';
import { squareRowCol, squareAt, squareCenter } from '../../ui/js/checkers/board.js';
import { nextFocus } from '../../ui/js/checkers/keys.js';
import { formatTime } from '../../ui/js/checkers/records.js';

test('turn-line and start-screen sentences are the verbatim ones (U4, C6)', () => {
  assert.equal(tables.es['status.yourTurn'], 'Tu turno');
  assert.equal(
    tables.es['status.captureAvailable'],
    'Hay una captura disponible: solo pueden moverse las fichas que pueden saltar',
  );
  assert.equal(tables.es['status.jumpAgain'], 'Salta otra vez con la misma ficha');
  assert.equal(tables.es.firstPlayer, 'Tú primero');
  assert.equal(tables.es.firstCpu, 'CPU primero');
  for (const key of ['status.yourTurn', 'status.captureAvailable', 'status.jumpAgain', 'status.cpuThinking']) {
    assert.ok(!tables.es[key].includes('!') && !tables.en[key].includes('!'), `no exclamation mark in ${key}`);
  }
});

test('language: the setting wins, else the first system language the page speaks, else English', () => {
  assert.equal(resolveLanguage('es', 'en-GB'), 'es');
  assert.equal(resolveLanguage('en', 'es-ES'), 'en');
  assert.equal(resolveLanguage(null, 'en-US'), 'en');
  assert.equal(resolveLanguage(null, 'EN'), 'en');
  assert.equal(resolveLanguage(null, 'es'), 'es');
  assert.equal(resolveLanguage(null, 'es_AR'), 'es');
  // Neither Spanish nor English: English.
  assert.equal(resolveLanguage(null, 'fr-FR'), 'en');
  assert.equal(resolveLanguage(null, ['de-DE', 'de']), 'en');
  // The first of the list that the page speaks, not the first of the list.
  assert.equal(resolveLanguage(null, ['ca-ES', 'es-ES', 'en']), 'es');
  assert.equal(resolveLanguage(null, ['fr', 'en-GB', 'es']), 'en');
  // Codes that merely start with the same letters are other languages.
  assert.equal(resolveLanguage(null, ['et', 'est']), 'en');
  // No system language at all: the product's own, Spanish.
  assert.equal(resolveLanguage(null, undefined), 'es');
  assert.equal(resolveLanguage(null, []), 'es');
  assert.equal(resolveLanguage(null, ['']), 'es');
  // A locale that names no language is no language.
  assert.equal(resolveLanguage(null, 'C'), 'es');
  assert.equal(resolveLanguage(null, 'c.utf-8'), 'es');
  assert.equal(resolveLanguage(null, ['POSIX']), 'es');
  assert.equal(resolveLanguage(null, ['C', 'fr']), 'en');
});

test('standard numbering: corners and rows of the contract', () => {
  assert.deepEqual(squareRowCol(1), { row: 0, col: 1 });
  assert.deepEqual(squareRowCol(4), { row: 0, col: 7 });
  assert.deepEqual(squareRowCol(5), { row: 1, col: 0 });
  assert.deepEqual(squareRowCol(32), { row: 7, col: 6 });
  assert.deepEqual(squareRowCol(29), { row: 7, col: 0 });
  for (let n = 1; n <= 32; n++) {
    const { row, col } = squareRowCol(n);
    assert.equal(squareAt(row, col), n, `round trip ${n}`);
    assert.equal((row + col) % 2, 1, `${n} is dark`);
  }
  assert.equal(squareAt(0, 0), null, 'light square');
  assert.equal(squareAt(-1, 1), null, 'off the board');
  assert.equal(squareAt(7, 8), null, 'off the board');
  assert.deepEqual(squareCenter(32), { x: 650, y: 750 });
});

test('keyboard focus: arrows step to neighbouring dark squares and stop at edges', () => {
  assert.equal(nextFocus(22, 'ArrowUp'), 18);
  assert.equal(nextFocus(22, 'ArrowDown'), 26);
  assert.equal(nextFocus(22, 'ArrowLeft'), 21);
  assert.equal(nextFocus(22, 'ArrowRight'), 23);
  assert.equal(nextFocus(1, 'ArrowUp'), 1);
  assert.equal(nextFocus(32, 'ArrowDown'), 32);
  assert.equal(nextFocus(21, 'ArrowLeft'), 21);
  assert.equal(nextFocus(24, 'ArrowRight'), 24);
  // Up and Down always land on a diagonal neighbour.
  for (let n = 5; n <= 32; n++) {
    const a = squareRowCol(n);
    const b = squareRowCol(nextFocus(n, 'ArrowUp'));
    assert.equal(a.row - b.row, 1);
    assert.equal(Math.abs(a.col - b.col), 1);
  }
});

test('playing time reads "less than a minute", then minutes, then hours and minutes', () => {
  setLanguage('en');
  assert.equal(formatTime(0), 'less than a minute');
  assert.equal(formatTime(40_000), 'less than a minute');
  assert.equal(formatTime(59_999), 'less than a minute');
  assert.equal(formatTime(60_000), '1 min');
  assert.equal(formatTime(12 * 60_000), '12 min');
  assert.equal(formatTime(65 * 60_000), '1 h 05 min');
  assert.equal(formatTime(-5), 'less than a minute');
  assert.equal(formatTime('garbage'), 'less than a minute');
  setLanguage('es');
  assert.equal(formatTime(40_000), 'menos de un minuto');
  assert.equal(formatTime(61 * 60_000), '1 h 01 min');
});

test('no sentence of the app says "0 min" or the old Spanish wording', () => {
  for (const table of [tables.es, tables.en]) {
    for (const [key, text] of Object.entries(table)) {
      if (typeof text !== 'string') continue;
      assert.ok(!text.includes('0 min'), key);
    }
  }
  assert.equal(tables.es['sq.movedLast'], 'la última en moverse');
});

test('every help section names a diagram that exists, with a caption in both languages', async () => {
  const { DIAGRAMS } = await import('../../ui/js/checkers/help-diagrams.js');
  for (const lang of ['es', 'en']) {
    const named = tables[lang].helpSections.filter((s) => s.diagram);
    assert.ok(named.length >= 4, lang);
    for (const s of named) {
      assert.ok(DIAGRAMS[s.diagram], `${lang}: ${s.diagram}`);
      assert.ok(s.caption && s.caption.length > 10, `${lang}: ${s.diagram} caption`);
    }
  }
  // The capture caption names the whole chain the diagram draws.
  for (const lang of ['es', 'en']) {
    const caption = tables[lang].helpSections.find((s) => s.diagram === 'capture').caption;
    for (const n of DIAGRAMS.capture.move) assert.ok(caption.includes(String(n)), `${lang} caption: ${n}`);
  }
});
