// The board as a square SVG (viewBox 0 0 800 800, one square = 100 units).
//
// It draws what it is given — pieces, which of them may be lifted, the
// lifted piece and its destinations, the last move — and decides nothing:
// every rule lives in the engine, which sends the legal choices in the View.
// Square numbering is the standard one: square 1 is the top row, file b;
// the player is always at the bottom (squares 21-32 at the start).

const NS = 'http://www.w3.org/2000/svg';
export const UNIT = 100;
const PIECE_R = 36;

let boardCount = 0;

/** A press held this long (ms) is a long press, not a tap. */
export const LONG_PRESS_MS = 500;

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

/** Creates an SVG element with attributes. */
export function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(el);
  return el;
}

function gradients(defs, id) {
  const make = (name, cls) => {
    const g = svgEl('radialGradient', { id: `${id}-${name}`, cx: '38%', cy: '32%', r: '75%' }, defs);
    svgEl('stop', { offset: '0%', class: `${cls} s0` }, g);
    svgEl('stop', { offset: '60%', class: `${cls} s1` }, g);
    svgEl('stop', { offset: '100%', class: `${cls} s2` }, g);
  };
  make('player', 'grad-player');
  make('cpu', 'grad-cpu');
  const marker = svgEl(
    'marker',
    { id: `${id}-arrow`, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto' },
    defs,
  );
  svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }, marker);
}

/**
 * Draws one piece at the origin of a new group placed on square `n`:
 * body, rim, a ring inside for a king (C8), the quiet outline when it may be
 * lifted, and the small last-move mark (C5). `flags.flash` emphasises its
 * outline for a moment (a piece that must jump, pointed to).
 */
function drawPiece(layer, id, n, piece, flags) {
  const { x, y } = squareCenter(n);
  const classes = ['piece', piece.side];
  if (piece.king) classes.push('king');
  if (flags.movable) classes.push('movable');
  if (flags.lifted) classes.push('lifted');
  if (flags.last) classes.push('last-move');
  if (flags.flash) classes.push('flash');
  const g = svgEl(
    'g',
    {
      class: classes.join(' '),
      'data-square': n,
      'data-side': piece.side,
      'data-king': piece.king ? 'true' : 'false',
      transform: `translate(${x} ${y})`,
    },
    layer,
  );
  const lift = svgEl('g', { class: 'lift', transform: flags.lifted ? 'translate(0 -6) scale(1.08)' : null }, g);
  svgEl('ellipse', { class: 'shadow', cx: 0, cy: flags.lifted ? 10 : 4, rx: PIECE_R + 1, ry: PIECE_R - 1 }, lift);
  svgEl('circle', { class: 'edge', cx: 0, cy: 3, r: PIECE_R }, lift);
  svgEl('circle', { class: 'body', r: PIECE_R, fill: `url(#${id}-${piece.side})` }, lift);
  svgEl('circle', { class: 'bevel', r: PIECE_R - 7 }, lift);
  if (piece.king) {
    svgEl('circle', { class: 'king-ring', r: 17 }, lift);
  }
  if (flags.lifted) {
    svgEl('circle', { class: 'outline lifted-ring', r: PIECE_R + 5 }, lift);
  } else if (flags.movable) {
    svgEl('circle', { class: 'outline movable-ring', r: PIECE_R + 6 }, lift);
  }
  if (flags.last) {
    svgEl('circle', { class: 'last-mark', cx: 25, cy: -25, r: 8 }, lift);
  }
  return g;
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

/**
 * A board. `options.interactive` makes it a focusable ARIA grid whose dark
 * squares carry accessible names; `options.onSquare(n)` is called for a tap
 * (press and release on the same dark square).
 */
export function createBoard(options = {}) {
  const id = `b${++boardCount}`;
  const interactive = Boolean(options.interactive);
  const svg = svgEl('svg', {
    class: interactive ? 'board interactive' : 'board mini',
    viewBox: `0 0 ${8 * UNIT} ${8 * UNIT}`,
    xmlns: NS,
    role: interactive ? 'grid' : 'img',
    tabindex: interactive ? 0 : null,
    'aria-label': options.label || null,
    'aria-roledescription': null,
  });
  const defs = svgEl('defs', {}, svg);
  gradients(defs, id);

  svgEl('rect', { class: 'frame', x: 0, y: 0, width: 8 * UNIT, height: 8 * UNIT }, svg);
  const lightLayer = svgEl('g', { class: 'light-squares', 'aria-hidden': 'true' }, svg);
  const cellLayer = svgEl('g', { class: 'cells', role: interactive ? 'rowgroup' : null }, svg);
  const moveLayer = svgEl('g', { class: 'move-marks', 'aria-hidden': 'true' }, svg);
  const dotLayer = svgEl('g', { class: 'dots', 'aria-hidden': 'true' }, svg);
  // The keyboard focus: a frame on the square's very edge, drawn under the
  // pieces, so it never hides a piece or its marks; its corners show
  // around any piece.
  const focusRing = svgEl('g', { class: 'focus-ring', 'aria-hidden': 'true' }, svg);
  svgEl('rect', { class: 'ring-outer', x: 2.5, y: 2.5, width: UNIT - 5, height: UNIT - 5, rx: 6 }, focusRing);
  svgEl('rect', { class: 'ring-inner', x: 6.5, y: 6.5, width: UNIT - 13, height: UNIT - 13, rx: 4 }, focusRing);
  const pieceLayer = svgEl('g', { class: 'pieces', 'aria-hidden': 'true' }, svg);
  const arrowLayer = svgEl('g', { class: 'arrows', 'aria-hidden': 'true' }, svg);
  const numberLayer = svgEl('g', { class: 'num-layer', 'aria-hidden': 'true' }, svg);

  const cells = new Map();
  for (let row = 0; row < 8; row++) {
    const rowEl = svgEl('g', { role: interactive ? 'row' : null }, cellLayer);
    for (let col = 0; col < 8; col++) {
      const n = squareAt(row, col);
      if (n === null) {
        svgEl('rect', { class: 'sq-light', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, lightLayer);
        continue;
      }
      const cell = svgEl(
        'g',
        { class: 'sq', 'data-square': n, id: `${id}-sq-${n}`, role: interactive ? 'gridcell' : null },
        rowEl,
      );
      svgEl('rect', { class: 'sq-dark', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      const trail = svgEl('rect', { class: 'trail', x: col * UNIT, y: row * UNIT, width: UNIT, height: UNIT }, cell);
      // Square numbers sit in the corner, above the pieces, on a chip of
      // their own: readable at 10 px on a phone and never under a piece.
      const chip = svgEl('g', { class: 'num', transform: `translate(${col * UNIT + 2} ${row * UNIT + 2})` }, numberLayer);
      svgEl('rect', { class: 'num-chip', x: 0, y: 0, width: n < 10 ? 22 : 34, height: 25, rx: 5 }, chip);
      const num = svgEl('text', { class: 'num-text', x: n < 10 ? 11 : 17, y: 20 }, chip);
      num.textContent = String(n);
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
    const board = model.board || [];
    const movable = model.movable || new Map();
    const dests = new Set(model.dests || []);
    const flash = model.flash || new Set();
    const path = (model.lastMove && model.lastMove.path) || [];
    const landed = path.length ? path[path.length - 1] : null;
    const cameFrom = new Set([...path, ...(model.marks || [])]);

    svg.classList.toggle('numbers', Boolean(model.numbers));
    svg.classList.toggle('locked', Boolean(model.locked));

    for (const [n, { cell, trail }] of cells) {
      trail.classList.toggle('on', cameFrom.has(n));
      cell.classList.toggle('dest', dests.has(n));
      cell.classList.toggle('can-lift', movable.has(n));
      if (interactive) {
        cell.setAttribute('aria-label', model.label ? model.label(n) : String(n));
        if (model.lifted === n) cell.setAttribute('aria-selected', 'true');
        else cell.removeAttribute('aria-selected');
      }
    }

    drawLastMove(moveLayer, model.lastMove);

    dotLayer.replaceChildren();
    for (const n of dests) {
      const { x, y } = squareCenter(n);
      svgEl('circle', { class: 'dest-dot', cx: x, cy: y, r: 14, 'data-dest': n }, dotLayer);
    }

    pieceLayer.replaceChildren();
    let liftedEl = null;
    for (let i = 0; i < 32; i++) {
      const piece = board[i];
      if (!piece) continue;
      const n = i + 1;
      const el = drawPiece(pieceLayer, id, n, piece, {
        movable: movable.has(n) && model.lifted !== n,
        lifted: model.lifted === n,
        last: landed === n,
        flash: flash.has(n),
      });
      if (model.lifted === n) liftedEl = el;
    }
    if (liftedEl) pieceLayer.appendChild(liftedEl);

    arrowLayer.replaceChildren();
    for (const [from, to] of model.arrows || []) {
      const a = squareCenter(from);
      const b = squareCenter(to);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      const shorten = 30 / len;
      svgEl(
        'line',
        {
          class: 'arrow',
          x1: a.x + dx * (18 / len),
          y1: a.y + dy * (18 / len),
          x2: b.x - dx * shorten,
          y2: b.y - dy * shorten,
          'marker-end': `url(#${id}-arrow)`,
        },
        arrowLayer,
      );
    }

    if (model.focus) {
      const { row, col } = squareRowCol(model.focus);
      focusRing.setAttribute('transform', `translate(${col * UNIT} ${row * UNIT})`);
      focusRing.classList.add('placed');
    } else {
      focusRing.classList.remove('placed');
    }
    const active = model.active || model.focus;
    if (interactive && active) svg.setAttribute('aria-activedescendant', `${id}-sq-${active}`);
    else svg.removeAttribute('aria-activedescendant');
  }

  /** The piece group on square `n`, if any. */
  function pieceAt(n) {
    return pieceLayer.querySelector(`.piece[data-square="${n}"]`);
  }

  /** The dark square under a client point, or null. */
  function squareFromPoint(clientX, clientY) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return squareAt(Math.floor(p.y / UNIT), Math.floor(p.x / UNIT));
  }

  if (interactive && options.onSquare) {
    // A tap is one contact pressed and released on the same dark square,
    // quickly (C1: two taps, no dragging). Pointer events cover mouse,
    // touch and pen alike. A long press, or a second contact while the
    // first is down (a second finger, another button), is no tap. Browsers
    // follow a pointerdown with one compatibility mousedown; a second
    // mousedown during a press is a second contact too (as WebKit's
    // WebDriver delivers a second finger).
    let down = null;
    svg.addEventListener('pointerdown', (e) => {
      if (down) {
        down.multi = true;
        return;
      }
      if (!e.isPrimary || e.button !== 0) return;
      svg.classList.remove('kbd');
      down = { n: squareFromPoint(e.clientX, e.clientY), t: e.timeStamp, mice: 0, multi: false };
    });
    svg.addEventListener('mousedown', () => {
      if (down && ++down.mice > 1) down.multi = true;
    });
    svg.addEventListener('pointerup', (e) => {
      if (!down || !e.isPrimary) return;
      const n = squareFromPoint(e.clientX, e.clientY);
      const tap = !down.multi && n !== null && n === down.n && e.timeStamp - down.t < LONG_PRESS_MS;
      down = null;
      if (tap) options.onSquare(n, 'pointer');
    });
    svg.addEventListener('pointercancel', () => {
      down = null;
    });
    svg.addEventListener('contextmenu', (e) => e.preventDefault()); // no long-press menu on the board
  }

  return { svg, draw, pieceAt };
}
