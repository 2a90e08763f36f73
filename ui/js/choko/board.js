// Choko's board: a square SVG (viewBox 0 0 500 500, 100 units between
// points), a 5x5 grid of lines in the board's wood, the pieces as discs on
// the points. It draws what it is given (pieces, which may be lifted, the
// lifted one and its destinations, the points where a placement is
// offered, the pieces a waiting jump may take, the last action) and
// decides nothing. Rank 5 is at the top, file a on the left. What every
// board is made of comes from the board kit (common/board-kit.js).

import { svgEl } from '../common/dom.js';
import { boardFrame, markLayer, numberChip, showCell, drawPiece as drawDisc } from '../common/board-kit.js';
import { POINTS, pointRowCol, pointAt } from './offer.js';

export const UNIT = 100;
const R = 34;
let count = 0;

/** Centre of point `name` in board units. */
export function pointCenter(name) {
  const { row, col } = pointRowCol(name);
  return { x: col * UNIT + UNIT / 2, y: row * UNIT + UNIT / 2 };
}

/** One piece: the kit's disc on a point, ringed when a waiting jump may take it. */
function drawPiece(layer, id, name, who, f) {
  const { x, y } = pointCenter(name);
  return drawDisc(layer, {
    id,
    side: who === 'player' ? 'player' : 'cpu',
    x,
    y,
    r: R,
    rise: 5,
    mark: 24,
    extra: f.extra ? ['takeable'] : [],
    attrs: { 'data-point': name, 'data-side': who },
    lifted: f.lifted,
    movable: f.movable,
    last: f.last,
    outer: f.extra
      ? (lift) => {
          svgEl('circle', { class: 'take-rim', r: R + 8 }, lift);
          svgEl('circle', { class: 'take-ring', r: R + 8 }, lift);
        }
      : null,
  });
}

/** Where Choko's 25 points are, for the board kit. */
const GRID = { unit: UNIT, places: POINTS, center: pointCenter, rowCol: pointRowCol, at: pointAt, attr: 'data-point', infix: 'pt' };

/**
 * A board. `interactive` makes it a focusable ARIA grid whose points carry
 * accessible names; `onPoint(name)` is called for a tap (one short press
 * and release on the same point's cell).
 */
export function createChokoBoard({ interactive = false, label = null, onPoint = null } = {}) {
  const id = `k${++count}`;
  let trails = null;
  const frame = boardFrame({
    id,
    interactive,
    label,
    className: 'choko-board',
    size: 5,
    geometry: GRID,
    ring: { outer: [3, 10], inner: [7, 8] },
    ground: (svg) => {
      svgEl('rect', { class: 'choko-wood', x: 0, y: 0, width: 5 * UNIT, height: 5 * UNIT }, svg);
      const lines = markLayer(svg, 'choko-lines');
      for (let i = 0; i < 5; i++) {
        const c = i * UNIT + UNIT / 2;
        svgEl('line', { x1: UNIT / 2, y1: c, x2: 4.5 * UNIT, y2: c }, lines);
        svgEl('line', { x1: c, y1: UNIT / 2, x2: c, y2: 4.5 * UNIT }, lines);
      }
      trails = markLayer(svg, 'choko-trails');
    },
  });

  const cells = new Map();
  for (let row = 0; row < 5; row++) {
    const rowEl = svgEl('g', { role: interactive ? 'row' : null }, frame.cells);
    for (let col = 0; col < 5; col++) {
      const name = pointAt(row, col);
      const cell = svgEl('g', { class: 'pt', 'data-point': name, id: frame.cellId(name), role: interactive ? 'gridcell' : null }, rowEl);
      svgEl('rect', { class: 'pt-hit', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      numberChip(frame.chips, col * UNIT + 4, row * UNIT + 4, { width: 30, height: 24, baseline: 19, text: name });
      cells.set(name, cell);
    }
  }

  /**
   * Draws `m`: { board: [who|null] x 25, movable: Set, lifted, dests: [],
   * extra: [] (pieces a waiting jump may take), last (the View's last
   * action), show: a point whose piece is shown being taken, arrows:
   * [[from, to]], focus, numbers, locked, label(name), active: the point
   * the grid's active descendant points at instead of the focus (where the
   * machine's action lands while it is shown) }.
   */
  function draw(m) {
    const movable = m.movable || new Set();
    const dests = new Set(m.dests || []);
    const extra = new Set(m.extra || []);
    if (m.show) extra.add(m.show);
    const last = m.last || null;
    for (const [name, cell] of cells) {
      showCell(cell, {
        interactive,
        dest: dests.has(name),
        canLift: movable.has(name) || extra.has(name),
        label: m.label ? m.label(name) : name,
        selected: m.lifted === name,
      });
    }
    trails.replaceChildren();
    if (last) {
      for (const [name, cls] of [[last.from, 'trail-from'], [last.over, 'trail-taken'], [last.extra, 'trail-taken']]) {
        if (!name) continue;
        const { x, y } = pointCenter(name);
        svgEl('circle', { class: `trail ${cls}`, cx: x, cy: y, r: R + 4, 'data-trail': name }, trails);
      }
    }
    frame.drawDots(dests, 13);
    frame.drawPieces(m.board || [], m.lifted, (layer, name, who) =>
      drawPiece(layer, id, name, who, {
        movable: movable.has(name) && m.lifted !== name,
        lifted: m.lifted === name,
        last: last && last.to === name,
        extra: extra.has(name),
      }),
    );
    frame.finish({ ...m, short: 26 });
  }

  // A tap counts within a point's own cell.
  if (interactive && onPoint) frame.listen(onPoint);

  return { svg: frame.svg, draw, pieceAt: frame.pieceAt };
}
