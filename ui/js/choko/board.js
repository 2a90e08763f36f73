// Choko's board: a square SVG (viewBox 0 0 500 500, 100 units between
// points), a 5x5 grid of lines in the board's wood, the pieces as discs on
// the points. It draws what it is given (pieces, which may be lifted, the
// lifted one and its destinations, the points where a placement is
// offered, the pieces a waiting jump may take, the last action) and
// decides nothing. Rank 5 is at the top, file a on the left.

import { svgEl, LONG_PRESS_MS } from '../checkers/board.js';
import { POINTS, pointRowCol, pointAt } from './offer.js';

export const UNIT = 100;
const R = 34;
let count = 0;

/** Centre of point `name` in board units. */
export function pointCenter(name) {
  const { row, col } = pointRowCol(name);
  return { x: col * UNIT + UNIT / 2, y: row * UNIT + UNIT / 2 };
}

function gradients(defs, id) {
  for (const side of ['player', 'cpu']) {
    const g = svgEl('radialGradient', { id: `${id}-${side}`, cx: '38%', cy: '32%', r: '75%' }, defs);
    for (const [offset, s] of [['0%', 's0'], ['60%', 's1'], ['100%', 's2']]) {
      svgEl('stop', { offset, class: `grad-${side} ${s}` }, g);
    }
  }
  const marker = svgEl(
    'marker',
    { id: `${id}-arrow`, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto' },
    defs,
  );
  svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }, marker);
}

/** One piece: the same disc as checkers', on a point, with its marks. */
function drawPiece(layer, id, name, who, f) {
  const { x, y } = pointCenter(name);
  const side = who === 'player' ? 'player' : 'cpu';
  const classes = ['piece', side, f.movable && 'movable', f.lifted && 'lifted', f.last && 'last-move', f.extra && 'takeable'];
  const g = svgEl(
    'g',
    { class: classes.filter(Boolean).join(' '), 'data-point': name, 'data-side': who, transform: `translate(${x} ${y})` },
    layer,
  );
  const lift = svgEl('g', { class: 'lift', transform: f.lifted ? 'translate(0 -5) scale(1.08)' : null }, g);
  svgEl('ellipse', { class: 'shadow', cx: 0, cy: f.lifted ? 9 : 4, rx: R + 1, ry: R - 1 }, lift);
  svgEl('circle', { class: 'edge', cx: 0, cy: 3, r: R }, lift);
  svgEl('circle', { class: 'body', r: R, fill: `url(#${id}-${side})` }, lift);
  svgEl('circle', { class: 'bevel', r: R - 7 }, lift);
  if (f.lifted) svgEl('circle', { class: 'outline lifted-ring', r: R + 5 }, lift);
  else if (f.movable) svgEl('circle', { class: 'outline movable-ring', r: R + 6 }, lift);
  if (f.extra) {
    svgEl('circle', { class: 'take-rim', r: R + 8 }, lift);
    svgEl('circle', { class: 'take-ring', r: R + 8 }, lift);
  }
  if (f.last) svgEl('circle', { class: 'last-mark', cx: 24, cy: -24, r: 8 }, lift);
  return g;
}

/**
 * A board. `interactive` makes it a focusable ARIA grid whose points carry
 * accessible names; `onPoint(name)` is called for a tap (one short press
 * and release on the same point's cell).
 */
export function createChokoBoard({ interactive = false, label = null, onPoint = null } = {}) {
  const id = `k${++count}`;
  const svg = svgEl('svg', {
    class: interactive ? 'board interactive choko-board' : 'board mini choko-board',
    viewBox: `0 0 ${5 * UNIT} ${5 * UNIT}`,
    role: interactive ? 'grid' : 'img',
    tabindex: interactive ? 0 : null,
    'aria-label': label,
  });
  gradients(svgEl('defs', {}, svg), id);
  svgEl('rect', { class: 'choko-wood', x: 0, y: 0, width: 5 * UNIT, height: 5 * UNIT }, svg);
  const lines = svgEl('g', { class: 'choko-lines', 'aria-hidden': 'true' }, svg);
  for (let i = 0; i < 5; i++) {
    const c = i * UNIT + UNIT / 2;
    svgEl('line', { x1: UNIT / 2, y1: c, x2: 4.5 * UNIT, y2: c }, lines);
    svgEl('line', { x1: c, y1: UNIT / 2, x2: c, y2: 4.5 * UNIT }, lines);
  }
  const trails = svgEl('g', { class: 'choko-trails', 'aria-hidden': 'true' }, svg);
  const cellLayer = svgEl('g', { class: 'cells', role: interactive ? 'rowgroup' : null }, svg);
  const dotLayer = svgEl('g', { class: 'dots', 'aria-hidden': 'true' }, svg);
  const focusRing = svgEl('g', { class: 'focus-ring', 'aria-hidden': 'true' }, svg);
  svgEl('rect', { class: 'ring-outer', x: 3, y: 3, width: UNIT - 6, height: UNIT - 6, rx: 10 }, focusRing);
  svgEl('rect', { class: 'ring-inner', x: 7, y: 7, width: UNIT - 14, height: UNIT - 14, rx: 8 }, focusRing);
  const pieceLayer = svgEl('g', { class: 'pieces', 'aria-hidden': 'true' }, svg);
  const arrowLayer = svgEl('g', { class: 'arrows', 'aria-hidden': 'true' }, svg);
  const nameLayer = svgEl('g', { class: 'num-layer', 'aria-hidden': 'true' }, svg);

  const cells = new Map();
  for (let row = 0; row < 5; row++) {
    const rowEl = svgEl('g', { role: interactive ? 'row' : null }, cellLayer);
    for (let col = 0; col < 5; col++) {
      const name = pointAt(row, col);
      const cell = svgEl('g', { class: 'pt', 'data-point': name, id: `${id}-pt-${name}`, role: interactive ? 'gridcell' : null }, rowEl);
      svgEl('rect', { class: 'pt-hit', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      const chip = svgEl('g', { class: 'num', transform: `translate(${col * UNIT + 4} ${row * UNIT + 4})` }, nameLayer);
      svgEl('rect', { class: 'num-chip', x: 0, y: 0, width: 30, height: 24, rx: 5 }, chip);
      svgEl('text', { class: 'num-text', x: 15, y: 19 }, chip).textContent = name;
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
    const board = m.board || [];
    const movable = m.movable || new Set();
    const dests = new Set(m.dests || []);
    const extra = new Set(m.extra || []);
    if (m.show) extra.add(m.show);
    const last = m.last || null;
    svg.classList.toggle('numbers', Boolean(m.numbers));
    svg.classList.toggle('locked', Boolean(m.locked));
    for (const [name, cell] of cells) {
      cell.classList.toggle('dest', dests.has(name));
      cell.classList.toggle('can-lift', movable.has(name) || extra.has(name));
      if (interactive) {
        cell.setAttribute('aria-label', m.label ? m.label(name) : name);
        if (m.lifted === name) cell.setAttribute('aria-selected', 'true');
        else cell.removeAttribute('aria-selected');
      }
    }
    trails.replaceChildren();
    if (last) {
      for (const [name, cls] of [[last.from, 'trail-from'], [last.over, 'trail-taken'], [last.extra, 'trail-taken']]) {
        if (!name) continue;
        const { x, y } = pointCenter(name);
        svgEl('circle', { class: `trail ${cls}`, cx: x, cy: y, r: R + 4, 'data-trail': name }, trails);
      }
    }
    dotLayer.replaceChildren();
    for (const name of dests) {
      const { x, y } = pointCenter(name);
      svgEl('circle', { class: 'dest-dot', cx: x, cy: y, r: 13, 'data-dest': name }, dotLayer);
    }
    pieceLayer.replaceChildren();
    let top = null;
    POINTS.forEach((name, i) => {
      const who = board[i];
      if (!who) return;
      const el = drawPiece(pieceLayer, id, name, who, {
        movable: movable.has(name) && m.lifted !== name,
        lifted: m.lifted === name,
        last: last && last.to === name,
        extra: extra.has(name),
      });
      if (m.lifted === name) top = el;
    });
    if (top) pieceLayer.appendChild(top);
    arrowLayer.replaceChildren();
    for (const [from, to] of m.arrows || []) {
      const a = pointCenter(from);
      const b = pointCenter(to);
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
      svgEl(
        'line',
        { class: 'arrow', x1: a.x + ux * 18, y1: a.y + uy * 18, x2: b.x - ux * 26, y2: b.y - uy * 26, 'marker-end': `url(#${id}-arrow)` },
        arrowLayer,
      );
    }
    if (m.focus) {
      const { row, col } = pointRowCol(m.focus);
      focusRing.setAttribute('transform', `translate(${col * UNIT} ${row * UNIT})`);
      focusRing.classList.add('placed');
    } else {
      focusRing.classList.remove('placed');
    }
    const active = m.active || m.focus;
    if (interactive && active) svg.setAttribute('aria-activedescendant', `${id}-pt-${active}`);
    else svg.removeAttribute('aria-activedescendant');
  }

  /** The piece group on point `name`, if any. */
  function pieceAt(name) {
    return pieceLayer.querySelector(`.piece[data-point="${name}"]`);
  }

  function pointFromClient(x, y) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return pointAt(Math.floor(p.y / UNIT), Math.floor(p.x / UNIT));
  }

  if (interactive && onPoint) {
    // A tap: one contact pressed and released on the same point, quickly;
    // a long press or a second contact is none (as on the checkers board).
    let down = null;
    svg.addEventListener('pointerdown', (e) => {
      if (down) {
        down.multi = true;
        return;
      }
      if (!e.isPrimary || e.button !== 0) return;
      svg.classList.remove('kbd');
      down = { at: pointFromClient(e.clientX, e.clientY), t: e.timeStamp, mice: 0, multi: false };
    });
    svg.addEventListener('mousedown', () => {
      if (down && ++down.mice > 1) down.multi = true;
    });
    svg.addEventListener('pointerup', (e) => {
      if (!down || !e.isPrimary) return;
      const at = pointFromClient(e.clientX, e.clientY);
      const tap = !down.multi && at !== null && at === down.at && e.timeStamp - down.t < LONG_PRESS_MS;
      down = null;
      if (tap) onPoint(at);
    });
    svg.addEventListener('pointercancel', () => {
      down = null;
    });
    svg.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  return { svg, draw, pieceAt };
}
