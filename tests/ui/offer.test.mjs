// What the board offers, read from the state and the shell's legal moves
// (ui/js/checkers/offer.js):   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { state } from '../../ui/js/common/state.js';
import { initialState } from '../../ui/js/checkers/state.js';
import { movableMap, boardAcceptsInput, liftedSquare, decisionFocus } from '../../ui/js/checkers/offer.js';

/** Legal moves as the shell sends them. */
const START = {
  movable: [
    { from: 21, to: [17] },
    { from: 22, to: [17, 18] },
    { from: 23, to: [18, 19] },
    { from: 24, to: [19, 20] },
  ],
  captureForced: false,
  mustContinue: null,
};
const CHAIN = { movable: [{ from: 15, to: [6, 8] }], captureForced: true, mustContinue: 15 };
const NONE = { movable: [], captureForced: false, mustContinue: null };

const view = (status) => ({ status, board: [], moves: [] });

/** Runs `fn` with `patch` as checkers' part of the page's state, then puts it back. */
function withState(patch, fn) {
  const before = state.checkers;
  state.checkers = { ...initialState(), ...patch };
  try {
    fn();
  } finally {
    state.checkers = before;
  }
}

test('the pieces offered are the legal moves, nothing added', () => {
  const m = movableMap(START);
  assert.deepEqual([...m.keys()], [21, 22, 23, 24]);
  assert.deepEqual(m.get(22), [17, 18]);
  assert.equal(movableMap(NONE).size, 0);
  assert.equal(movableMap(null).size, 0, 'no legal moves yet: nothing offered');
});

test('the focus goes to the piece that must jump again, else stays on a movable piece, else the first', () => {
  assert.equal(decisionFocus(view('jumpAgain'), CHAIN, 22), 15);
  assert.equal(decisionFocus(view('yourTurn'), START, 23), 23);
  assert.equal(decisionFocus(view('yourTurn'), START, 30), 21);
  assert.equal(decisionFocus(view('yourTurn'), START, null), 21);
  assert.equal(decisionFocus(view('cpuThinking'), NONE, 22), null);
  assert.equal(decisionFocus(view('over'), NONE, 22), null);
  assert.equal(decisionFocus(view('yourTurn'), null, 22), null, 'a View without its legal moves offers nothing');
});

test('the board takes taps only with the legal moves in hand, on the player\'s decision, when nothing is moving', () => {
  withState({ view: view('yourTurn'), legal: START, review: null, busy: false, cpuTurn: false }, () => {
    assert.equal(boardAcceptsInput(), true);
  });
  withState({ view: view('yourTurn'), legal: null, review: null, busy: false, cpuTurn: false }, () => {
    assert.equal(boardAcceptsInput(), false, 'locked until the legal moves arrive');
  });
  withState({ view: view('yourTurn'), legal: START, review: null, busy: true, cpuTurn: false }, () => {
    assert.equal(boardAcceptsInput(), false, 'a hop on its way');
  });
  withState({ view: view('cpuThinking'), legal: NONE, review: null, busy: false, cpuTurn: true }, () => {
    assert.equal(boardAcceptsInput(), false);
  });
  withState({ view: view('yourTurn'), legal: START, review: { index: 0 }, busy: false, cpuTurn: false }, () => {
    assert.equal(boardAcceptsInput(), false, 'a review is not play');
  });
});

test('the piece shown lifted is the one that must jump again, else the one picked', () => {
  withState({ view: view('jumpAgain'), legal: CHAIN, selected: 22 }, () => assert.equal(liftedSquare(), 15));
  withState({ view: view('yourTurn'), legal: START, selected: 22 }, () => assert.equal(liftedSquare(), 22));
  withState({ view: view('yourTurn'), legal: START, selected: null }, () => assert.equal(liftedSquare(), null));
  withState({ view: null, legal: null, selected: 22 }, () => assert.equal(liftedSquare(), null));
});
