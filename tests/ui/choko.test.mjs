// What Choko's board offers and what a tap means, from legal actions as
// the shell sends them (ui/js/choko/offer.js):   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  POINTS,
  pointName,
  pointIndex,
  pointRowCol,
  pointAt,
  nextFocus,
  offer,
  tapMeaning,
  decisionFocus,
  nextChoice,
  actionParts,
  applyPart,
} from '../../ui/js/choko/offer.js';

/** The start with the player to act: a placement on every point. */
const START = { place: POINTS.slice(), mustPlace: false, pieces: [], extra: null };
/** The machine placed on c3 holding the initiative: the player must place. */
const MUST = { place: POINTS.filter((p) => p !== 'c3'), mustPlace: true, pieces: [], extra: null };
/** Free to act with pieces on b3 (a step and a jump) and e1 (a step). */
const FREE = {
  place: ['a1', 'a2'],
  mustPlace: false,
  pieces: [
    { from: 'b3', steps: ['a3', 'b2'], jumps: ['d3'] },
    { from: 'e1', steps: ['d1'], jumps: [] },
  ],
  extra: null,
};
/** A jump b3xd3 waiting for its extra piece. */
const WAITING = { place: [], mustPlace: false, pieces: [], extra: { from: 'b3', over: 'c3', to: 'd3', choices: ['b4', 'c5'] } };
const NONE = { place: [], mustPlace: false, pieces: [], extra: null };

test('points are named as the engine names them, rank 5 drawn at the top', () => {
  assert.equal(POINTS.length, 25);
  assert.equal(pointName(0), 'a1');
  assert.equal(pointName(4), 'e1');
  assert.equal(pointName(5), 'a2');
  assert.equal(pointName(24), 'e5');
  for (let i = 0; i < 25; i++) assert.equal(pointIndex(pointName(i)), i);
  for (const bad of ['f1', 'a0', 'a6', '', 'c', 'c33', null]) assert.equal(pointIndex(bad), -1);
  assert.deepEqual(pointRowCol('a5'), { row: 0, col: 0 });
  assert.deepEqual(pointRowCol('e1'), { row: 4, col: 4 });
  assert.equal(pointAt(2, 2), 'c3');
  assert.equal(pointAt(5, 0), null);
});

test('the arrows move over the 25 points and stop at the edges', () => {
  assert.equal(nextFocus('c3', 'ArrowUp'), 'c4');
  assert.equal(nextFocus('c3', 'ArrowDown'), 'c2');
  assert.equal(nextFocus('c3', 'ArrowLeft'), 'b3');
  assert.equal(nextFocus('c3', 'ArrowRight'), 'd3');
  assert.equal(nextFocus('a5', 'ArrowUp'), 'a5');
  assert.equal(nextFocus('a5', 'ArrowLeft'), 'a5');
  assert.equal(nextFocus('e1', 'ArrowDown'), 'e1');
  assert.equal(nextFocus('e1', 'ArrowRight'), 'e1');
});

test('a forced placement offers the empty points with dots and nothing to lift', () => {
  const o = offer(MUST, null);
  assert.equal(o.place.size, 24);
  assert.equal(o.movable.size, 0);
  assert.equal(o.dests.length, 24, 'every legal placement carries the dot');
  assert.deepEqual(tapMeaning('c4', o), { kind: 'place', at: 'c4' });
  assert.equal(tapMeaning('c3', o), null, 'the occupied point does nothing');
});

test('a free placement is offered without dots', () => {
  const o = offer(START, null);
  assert.equal(o.dests.length, 0);
  assert.deepEqual(tapMeaning('a1', o), { kind: 'place', at: 'a1' });
});

test('a piece lifts, shows its steps and jumps, moves, drops, and another takes its place', () => {
  let o = offer(FREE, null);
  assert.deepEqual([...o.movable.keys()], ['b3', 'e1']);
  assert.deepEqual(tapMeaning('b3', o), { kind: 'lift', at: 'b3' });
  assert.deepEqual(tapMeaning('c5', o), null);
  o = offer(FREE, 'b3');
  assert.equal(o.lifted, 'b3');
  assert.deepEqual(o.dests, ['a3', 'b2', 'd3']);
  assert.deepEqual(tapMeaning('d3', o), { kind: 'move', from: 'b3', to: 'd3' });
  assert.deepEqual(tapMeaning('b2', o), { kind: 'move', from: 'b3', to: 'b2' });
  assert.deepEqual(tapMeaning('b3', o), { kind: 'drop', at: 'b3' });
  assert.deepEqual(tapMeaning('e1', o), { kind: 'lift', at: 'e1' });
  assert.equal(tapMeaning('a1', o), null, 'no placement while a piece is lifted');
  // A lifted piece the shell no longer offers is not lifted.
  assert.equal(offer(NONE, 'b3').lifted, null);
});

test('a waiting jump offers only its extra pieces, and X cycles through them', () => {
  const o = offer(WAITING, 'e1');
  assert.equal(o.lifted, 'd3', 'the jumping piece stays lifted where it landed');
  assert.deepEqual(o.extra, ['b4', 'c5']);
  assert.deepEqual(tapMeaning('c5', o), { kind: 'extra', at: 'c5' });
  assert.equal(tapMeaning('d3', o), null);
  assert.equal(tapMeaning('a1', o), null);
  assert.equal(nextChoice(['b4', 'c5'], null), 'b4');
  assert.equal(nextChoice(['b4', 'c5'], 'b4'), 'c5');
  assert.equal(nextChoice(['b4', 'c5'], 'c5'), 'b4');
  assert.equal(nextChoice([], 'b4'), null);
});

test('the focus goes where the decision is', () => {
  const view = (status) => ({ status });
  assert.equal(decisionFocus(view('chooseExtra'), WAITING, 'a1'), 'b4');
  assert.equal(decisionFocus(view('chooseExtra'), WAITING, 'c5'), 'c5');
  assert.equal(decisionFocus(view('yourTurn'), FREE, 'e1'), 'e1');
  assert.equal(decisionFocus(view('yourTurn'), FREE, 'e5'), 'b3');
  assert.equal(decisionFocus(view('mustPlace'), MUST, 'c3'), 'a1', 'c3 is taken: the first legal point');
  assert.equal(decisionFocus(view('mustPlace'), MUST, 'd4'), 'd4');
  assert.equal(decisionFocus(view('yourTurn'), START, null), 'c3');
  assert.equal(decisionFocus(view('machineThinking'), NONE, 'c3'), null);
});

test('an action is shown in parts: the placement, the step or the jump, then the extra piece', () => {
  const jump = { who: 'machine', kind: 'jump', from: 'c1', over: 'c2', to: 'c3', extra: 'a1', extraFromHand: false };
  assert.deepEqual(actionParts(jump), [
    { part: 'jump', from: 'c1', over: 'c2', to: 'c3' },
    { part: 'extra', at: 'a1' },
  ]);
  assert.deepEqual(actionParts({ ...jump, extra: null, extraFromHand: true })[1], { part: 'extraHand' });
  assert.equal(actionParts({ ...jump, extra: null }).length, 1);
  assert.deepEqual(actionParts({ kind: 'place', to: 'c3' }), [{ part: 'place', at: 'c3' }]);
  assert.deepEqual(actionParts(null), []);

  const board = new Array(25).fill(null);
  board[pointIndex('c1')] = 'machine';
  board[pointIndex('c2')] = 'player';
  board[pointIndex('a1')] = 'player';
  let shown = { board, hands: { player: 10, machine: 11 } };
  for (const part of actionParts(jump)) shown = applyPart(shown, part, 'machine');
  assert.deepEqual(
    shown.board.map((w, i) => (w ? `${pointName(i)}:${w}` : null)).filter(Boolean),
    ['c3:machine'],
  );
  shown = applyPart(shown, { part: 'extraHand' }, 'machine');
  assert.equal(shown.hands.player, 9, 'the extra piece from the player’s hand');
  shown = applyPart(shown, { part: 'place', at: 'e5' }, 'player');
  assert.equal(shown.hands.player, 8);
  assert.equal(shown.board[24], 'player');
  assert.equal(board[pointIndex('c1')], 'machine', 'the board it was given is left as it was');
});
