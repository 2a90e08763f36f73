// What Choko's board offers the player now, read from the shell's legal
// actions (`choko_legal_moves`: `{ place, mustPlace, pieces: [{ from,
// steps, jumps }], extra: { from, over, to, choices } | null }`), and what a
// tap on a point means. Pure functions of their arguments (no state, no
// DOM), so `node --test tests/ui/` checks them; nothing here knows a rule
// of the game, only the answer the shell gave.
//
// Points are named as the engine names them: files a-e left to right,
// ranks 1-5 from the player's side (rank 1 at the bottom). The 25 points in
// index order are a1, b1, ..., e1, a2, ..., e5, the order of the View's board.

export const FILES = 'abcde';

/** The name of the point of index `i` (0 = a1, 24 = e5). */
export function pointName(i) {
  return `${FILES[i % 5]}${Math.floor(i / 5) + 1}`;
}

/** The index of point `name` (a1 = 0), or -1 for anything else. */
export function pointIndex(name) {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const file = FILES.indexOf(name[0]);
  const rank = Number(name[1]) - 1;
  return file < 0 || !(rank >= 0 && rank <= 4) ? -1 : rank * 5 + file;
}

/** Every point name, in index order. */
export const POINTS = Array.from({ length: 25 }, (_, i) => pointName(i));

/** Row (0 = the top, rank 5) and column (0 = file a) of a point on screen. */
export function pointRowCol(name) {
  const i = pointIndex(name);
  return { row: 4 - Math.floor(i / 5), col: i % 5 };
}

/** The point at a screen row and column, or null off the board. */
export function pointAt(row, col) {
  if (row < 0 || row > 4 || col < 0 || col > 4) return null;
  return `${FILES[col]}${5 - row}`;
}

/** Where the keyboard focus goes from `name` with arrow `key`; it stays at an edge. */
export function nextFocus(name, key) {
  const { row, col } = pointRowCol(name);
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
  if (!step) return name;
  return pointAt(row + step[0], col + step[1]) ?? name;
}

/**
 * What the board offers, from the legal actions and the piece the player
 * has lifted: `{ place: Set, movable: Map(from -> { steps, jumps }),
 * lifted, dests: [...], extra: [...] }`. A lifted piece that the legal
 * actions do not offer is not lifted.
 */
export function offer(legal, selected) {
  const place = new Set((legal && legal.place) || []);
  const movable = new Map(((legal && legal.pieces) || []).map((m) => [m.from, { steps: m.steps, jumps: m.jumps }]));
  const extra = legal && legal.extra ? legal.extra.choices : [];
  const lifted = legal && legal.extra ? legal.extra.to : movable.has(selected) ? selected : null;
  const m = lifted != null ? movable.get(lifted) : null;
  const dests = m ? [...m.steps, ...m.jumps] : legal && legal.mustPlace ? [...place] : [];
  return { place, movable, lifted, dests, extra };
}

/**
 * What a tap on point `name` does, given the offer and the lifted piece:
 * - while a jump waits: `{ extra: name }` on a choice, else nothing;
 * - with a piece lifted: `{ from, to }` on one of its destinations, `drop`
 *   on the piece itself, `lift` on another piece that can move;
 * - otherwise: `lift` on a piece that can move, `{ place: name }` on a
 *   point where a placement is legal;
 * - anything else: null (nothing happens, and no sound).
 */
export function tapMeaning(name, o) {
  if (o.extra.length) return o.extra.includes(name) ? { kind: 'extra', at: name } : null;
  if (o.lifted != null) {
    const m = o.movable.get(o.lifted);
    if (m && (m.steps.includes(name) || m.jumps.includes(name))) return { kind: 'move', from: o.lifted, to: name };
    if (name === o.lifted) return { kind: 'drop', at: name };
    if (o.movable.has(name)) return { kind: 'lift', at: name };
    return null;
  }
  if (o.movable.has(name)) return { kind: 'lift', at: name };
  if (o.place.has(name)) return { kind: 'place', at: name };
  return null;
}

/** Statuses in which the player decides. */
export const PLAYER_DECISION = new Set(['yourTurn', 'mustPlace', 'chooseExtra']);

/**
 * Where the keyboard focus belongs when the player is to decide: the first
 * extra piece that may be taken; else the focused point if it answers a
 * tap; else the first piece that can move, else the first point where a
 * placement is legal. Null when the player is not to decide.
 */
export function decisionFocus(view, legal, current) {
  if (!view || !legal || !PLAYER_DECISION.has(view.status)) return null;
  if (legal.extra) return legal.extra.choices.includes(current) ? current : legal.extra.choices[0] ?? null;
  const o = offer(legal, null);
  if (current && (o.movable.has(current) || o.place.has(current))) return current;
  if (legal.pieces.length) return legal.pieces[0].from;
  if (o.place.has('c3')) return 'c3';
  return legal.place[0] ?? null;
}

/** The next extra piece after `current` among the choices (the X key), wrapping. */
export function nextChoice(choices, current) {
  if (!choices || !choices.length) return null;
  const i = choices.indexOf(current);
  return choices[(i + 1) % choices.length];
}

/**
 * The parts of an action to show one at a time: the placement, the step
 * or the jump (the jumped piece goes), then the extra piece (from the
 * board, or from the hand).
 */
export function actionParts(action) {
  if (!action) return [];
  if (action.kind === 'place') return [{ part: 'place', at: action.to }];
  if (action.kind === 'step') return [{ part: 'step', from: action.from, to: action.to }];
  const parts = [{ part: 'jump', from: action.from, over: action.over, to: action.to }];
  if (action.extra) parts.push({ part: 'extra', at: action.extra });
  else if (action.extraFromHand) parts.push({ part: 'extraHand' });
  return parts;
}

/** The board and hands after one part of `who`'s action: a new `{ board, hands }`. */
export function applyPart(shown, part, who) {
  const board = shown.board.slice();
  const hands = { ...shown.hands };
  const other = who === 'player' ? 'machine' : 'player';
  if (part.part === 'place') {
    board[pointIndex(part.at)] = who;
    hands[who] = Math.max(0, hands[who] - 1);
  } else if (part.part === 'step' || part.part === 'jump') {
    board[pointIndex(part.to)] = board[pointIndex(part.from)];
    board[pointIndex(part.from)] = null;
    if (part.over) board[pointIndex(part.over)] = null;
  } else if (part.part === 'extra') {
    board[pointIndex(part.at)] = null;
  } else if (part.part === 'extraHand') {
    hands[other] = Math.max(0, hands[other] - 1);
  }
  return { board, hands };
}
