// Checkers' board: a square SVG (viewBox 0 0 800 800, one square = 100
// units).
//
// It draws what it is given — pieces, which of them may be lifted, the
// lifted piece and its destinations, the last move — and decides nothing:
// every rule lives in the engine, which sends the legal choices in the View.
// Square numbering is the standard one: square 1 is the top row, file b;
// the player is always at the bottom (squares 21-32 at the start). What
// every board is made of comes from the board kit (common/board-kit.js).

import { svgEl } from '../common/dom.js';
import { boardFrame, markLayer, numberChip, showCell, drawPiece as drawDisc } from '../common/board-kit.js';

export const UNIT = 100;
const PIECE_R = 36;

let boardCount = 0;

/** Row (0 = top) and column (0 = left) of square `n` (1..32). */
export function squareRowCol(n) {
  const row = Math.floor((n - 1) / 4);
  const col = 2 * ((n - 1) % 4) + (row % 2 === 0 ? 1 : 0);
  return { row, col };
}

/** Centre of square `n` in board units. */
export function squareCenter(n) {
  const { row, col } = squareRowCol(n);
  return { x: col * UNIT + UNIT / 2, y: row * UNIT + UNIT / 2 };
}

/** The square number at (row, col), or null for a light square or off the board. */
export function squareAt(row, col) {
  if (row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 === 0) return null;
  return row * 4 + Math.floor(col / 2) + 1;
}

/**
 * Draws one piece on square `n`: the kit's disc with a ring inside for a
 * king (C8), the quiet outline when it may be lifted, and the small
 * last-move mark (C5). `flags.flash` emphasises its outline for a moment
 * (a piece that must jump, pointed to).
 */
function drawPiece(layer, id, n, piece, flags) {
  const { x, y } = squareCenter(n);
  return drawDisc(layer, {
    id,
    side: piece.side,
    x,
    y,
    r: PIECE_R,
    rise: 6,
    mark: 25,
    kinds: piece.king ? ['king'] : [],
    extra: flags.flash ? ['flash'] : [],
    attrs: { 'data-square': n, 'data-side': piece.side, 'data-king': piece.king ? 'true' : 'false' },
    lifted: flags.lifted,
    movable: flags.movable,
    last: flags.last,
    inner: piece.king ? (lift) => svgEl('circle', { class: 'king-ring', r: 17 }, lift) : null,
  });
}

/** How far the route stays from the centre of a cross, in board units. */
const CROSS_GAP = 44;

/**
 * Draws the whole last move (C5) into `layer`: its route, a line through
 * the centre of every square the piece touched, and a cross on the square
 * of every piece it took, the route stopping short of each cross so that
 * the cross stands alone. Lines and crosses, never discs, so that no mark
 * of a move is taken for a destination dot.
 */
function drawLastMove(layer, lastMove) {
  layer.replaceChildren();
  const path = (lastMove && lastMove.path) || [];
  const taken = new Set(((lastMove && lastMove.captured) || []).map((n) => {
    const { x, y } = squareCenter(n);
    return `${x},${y}`;
  }));
  if (path.length >= 2) {
    let d = '';
    for (let i = 1; i < path.length; i++) {
      const a = squareCenter(path[i - 1]);
      const b = squareCenter(path[i]);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (taken.has(`${mid.x},${mid.y}`)) {
        // A jump: up to the cross, and on from it.
        const k = CROSS_GAP / Math.hypot(b.x - a.x, b.y - a.y);
        const [gx, gy] = [(b.x - a.x) * k, (b.y - a.y) * k];
        d += `M${a.x},${a.y} L${mid.x - gx},${mid.y - gy} M${mid.x + gx},${mid.y + gy} L${b.x},${b.y} `;
      } else {
        d += `M${a.x},${a.y} L${b.x},${b.y} `;
      }
    }
    const route = svgEl('g', { class: `last-route ${lastMove.side}`, 'data-path': path.join(',') }, layer);
    svgEl('path', { class: 'route-core', d: d.trim() }, route);
  }
  for (const n of (lastMove && lastMove.captured) || []) {
    const { x, y } = squareCenter(n);
    const mark = svgEl('g', { class: 'captured-mark', 'data-captured': n, transform: `translate(${x} ${y})` }, layer);
    svgEl('path', { class: 'x-core', d: 'M-17,-17 L17,17 M17,-17 L-17,17' }, mark);
  }
}

/** Where checkers' 32 squares are, for the board kit. */
const SQUARES = {
  unit: UNIT,
  places: Array.from({ length: 32 }, (_, i) => i + 1),
  center: squareCenter,
  rowCol: squareRowCol,
  at: squareAt,
  attr: 'data-square',
  infix: 'sq',
};

/**
 * A board. `options.interactive` makes it a focusable ARIA grid whose dark
 * squares carry accessible names; `options.onSquare(n)` is called for a tap
 * (press and release on the same dark square).
 */
export function createBoard(options = {}) {
  const id = `b${++boardCount}`;
  const interactive = Boolean(options.interactive);
  let lightLayer = null;
  // The keyboard's focus is a frame on the square's very edge; its corners
  // show around any piece.
  const frame = boardFrame({
    id,
    interactive,
    label: options.label || null,
    size: 8,
    geometry: SQUARES,
    ring: { outer: [2.5, 6], inner: [6.5, 4] },
    marks: ['move-marks'],
    ground: (svg) => {
      svgEl('rect', { class: 'frame', x: 0, y: 0, width: 8 * UNIT, height: 8 * UNIT }, svg);
      lightLayer = markLayer(svg, 'light-squares');
    },
  });
  const [moveLayer] = frame.marks;

  const cells = new Map();
  for (let row = 0; row < 8; row++) {
    const rowEl = svgEl('g', { role: interactive ? 'row' : null }, frame.cells);
    for (let col = 0; col < 8; col++) {
      const n = squareAt(row, col);
      if (n === null) {
        svgEl('rect', { class: 'sq-light', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, lightLayer);
        continue;
      }
      const cell = svgEl('g', { class: 'sq', 'data-square': n, id: frame.cellId(n), role: interactive ? 'gridcell' : null }, rowEl);
      svgEl('rect', { class: 'sq-dark', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      const trail = svgEl('rect', { class: 'trail', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      // Square numbers sit in the corner, above the pieces, on a chip of
      // their own: readable at 10 px on a phone and never under a piece.
      numberChip(frame.chips, col * UNIT + 2, row * UNIT + 2, { width: n < 10 ? 22 : 34, height: 25, baseline: 20, text: String(n) });
      cells.set(n, { cell, trail });
    }
  }

  /**
   * Draws `model`: { board, movable: Map<from, to[]>, lifted, dests,
   * lastMove: { side, path, captured }, flash: Set of squares whose pieces
   * are briefly emphasised, focus, numbers, locked, label(n),
   * arrows: [[from, to]], marks: [n] (tinted squares), active: the square
   * the grid's active descendant points at instead of the focus (the CPU's
   * landing square while its hops are shown, whose name says the hop) }.
   */
  function draw(model) {
    const movable = model.movable || new Map();
    const dests = new Set(model.dests || []);
    const flash = model.flash || new Set();
    const path = (model.lastMove && model.lastMove.path) || [];
    const landed = path.length ? path[path.length - 1] : null;
    const cameFrom = new Set([...path, ...(model.marks || [])]);

    for (const [n, { cell, trail }] of cells) {
      trail.classList.toggle('on', cameFrom.has(n));
      showCell(cell, {
        interactive,
        dest: dests.has(n),
        canLift: movable.has(n),
        label: model.label ? model.label(n) : String(n),
        selected: model.lifted === n,
      });
    }
    drawLastMove(moveLayer, model.lastMove);
    frame.drawDots(dests, 14);
    frame.drawPieces(model.board || [], model.lifted, (layer, n, piece) =>
      drawPiece(layer, id, n, piece, {
        movable: movable.has(n) && model.lifted !== n,
        lifted: model.lifted === n,
        last: landed === n,
        flash: flash.has(n),
      }),
    );
    frame.finish({ ...model, short: 30 });
  }

  if (interactive && options.onSquare) frame.listen((n) => options.onSquare(n, 'pointer'));

  return { svg: frame.svg, draw, pieceAt: frame.pieceAt };
}
