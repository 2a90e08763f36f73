// What every game's board is made of, whatever its geometry: the SVG (a
// focusable ARIA grid, or a picture) with the pieces' gradients and the
// arrow head; the layers over the game's own ground (the cells, the dots,
// the keyboard's focus ring, the pieces, the arrows, the corner chips of
// square numbers or point names); a piece drawn as a disc with its marks;
// the cells' names for screen readers; the tap gesture; the grid's keys.
// A game's board adds where its squares or points are and its own marks.
// Nothing here knows a rule: a board draws what it is given.

import { svgEl } from './dom.js';

/** A press held this long (ms) is a long press, not a tap. */
export const LONG_PRESS_MS = 500;

/**
 * The board's SVG, `size` units square, with its defs: each side's
 * gradient (`#${id}-player`, `#${id}-cpu`) and the arrow head
 * (`#${id}-arrow`). Interactive, it is a focusable grid; else a picture.
 */
function boardSvg({ id, size, interactive, label = null, className = '' }) {
  const svg = svgEl('svg', {
    class: ['board', interactive ? 'interactive' : 'mini', className].filter(Boolean).join(' '),
    viewBox: `0 0 ${size} ${size}`,
    xmlns: 'http://www.w3.org/2000/svg',
    role: interactive ? 'grid' : 'img',
    tabindex: interactive ? 0 : null,
    'aria-label': label,
  });
  const defs = svgEl('defs', {}, svg);
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
  return svg;
}

/** A layer of marks, which screen readers pass over. */
export function markLayer(svg, className) {
  return svgEl('g', { class: className, 'aria-hidden': 'true' }, svg);
}

/**
 * A board over the game's own ground: its SVG (`boardSvg`), then what
 * `ground(svg)` draws (the wood, the light squares or the lines), then,
 * bottom to top, the cells (the grid's rows of gridcells), the layers
 * named in `marks` (the game's own marks), the destination dots, the focus
 * ring, the pieces, the arrows and the corner chips. The focus ring is a
 * frame of two rounded squares on a cell's edge, drawn under the pieces so
 * it never hides one: `ring.outer` and `ring.inner` are [inset, corner
 * radius]. `geometry` places the game's squares or points: `unit` (a
 * cell's width), `places` (in the order of the View's board), `center`
 * and `rowCol` of a place, the place `at(row, col)` (null for none), the
 * pieces' attribute naming their place (`data-square`) and the cells' id
 * infix (`sq`).
 */
export function boardFrame({ id, interactive, label = null, className = '', size, ground, marks = [], ring, geometry }) {
  const { unit, places, center, rowCol, at, attr, infix } = geometry;
  const svg = boardSvg({ id, size: size * unit, interactive, label, className });
  ground(svg);
  const cells = svgEl('g', { class: 'cells', role: interactive ? 'rowgroup' : null }, svg);
  const own = marks.map((name) => markLayer(svg, name));
  const dots = markLayer(svg, 'dots');
  const focus = markLayer(svg, 'focus-ring');
  for (const [cls, [inset, rx]] of [['ring-outer', ring.outer], ['ring-inner', ring.inner]]) {
    svgEl('rect', { class: cls, x: inset, y: inset, width: unit - 2 * inset, height: unit - 2 * inset, rx }, focus);
  }
  const pieces = markLayer(svg, 'pieces');
  const arrows = markLayer(svg, 'arrows');
  const chips = markLayer(svg, 'num-layer');
  const cellId = (place) => `${id}-${infix}-${place}`;

  return {
    svg,
    cells,
    marks: own,
    chips,
    cellId,

    /** The pieces of `board` (the View's order), each drawn by `one(layer, place, piece)`; the lifted one on top. */
    drawPieces(board, lifted, one) {
      pieces.replaceChildren();
      let top = null;
      places.forEach((place, i) => {
        if (!board[i]) return;
        const el = one(pieces, place, board[i]);
        if (place === lifted) top = el;
      });
      if (top) pieces.appendChild(top);
    },

    /** The destination dots, `r` units across, on `dests`. */
    drawDots(dests, r) {
      drawDots(dots, dests, center, r);
    },

    /**
     * What is not drawn cell by cell: the `arrows` (ending `short` units
     * before their place), the chips shown or not (`numbers`), the board
     * locked or not, the focus ring on place `focus` (hidden for none),
     * and the grid's active descendant: `active`, else the focus.
     */
    finish({ arrows: pairs, short, numbers, locked, focus: on, active }) {
      drawArrows(arrows, id, pairs, center, short);
      svg.classList.toggle('numbers', Boolean(numbers));
      svg.classList.toggle('locked', Boolean(locked));
      if (on) {
        const { row, col } = rowCol(on);
        focus.setAttribute('transform', `translate(${col * unit} ${row * unit})`);
        focus.classList.add('placed');
      } else {
        focus.classList.remove('placed');
      }
      const described = active || on;
      if (interactive && described) svg.setAttribute('aria-activedescendant', cellId(described));
      else svg.removeAttribute('aria-activedescendant');
    },

    /** The piece group on `place`, if any. */
    pieceAt(place) {
      return pieces.querySelector(`.piece[${attr}="${place}"]`);
    },

    /** Calls `onTap(place)` for each tap on a place (see `listenForTaps`). */
    listen(onTap) {
      listenForTaps(svg, (x, y) => at(Math.floor(y / unit), Math.floor(x / unit)), onTap);
    },
  };
}

/** A corner chip with `text` at (x, y): a square's number or a point's name, shown with the setting. */
export function numberChip(layer, x, y, { width, height, baseline, text }) {
  const chip = svgEl('g', { class: 'num', transform: `translate(${x} ${y})` }, layer);
  svgEl('rect', { class: 'num-chip', x: 0, y: 0, width, height, rx: 5 }, chip);
  svgEl('text', { class: 'num-text', x: width / 2, y: baseline }, chip).textContent = text;
}

/**
 * A cell as drawn: whether it is a destination and whether its piece
 * answers a tap (its cursor), and on a grid its name and whether it holds
 * the lifted piece (`aria-selected`).
 */
export function showCell(cell, { interactive, dest, canLift, label, selected }) {
  cell.classList.toggle('dest', Boolean(dest));
  cell.classList.toggle('can-lift', Boolean(canLift));
  if (!interactive) return;
  cell.setAttribute('aria-label', label);
  if (selected) cell.setAttribute('aria-selected', 'true');
  else cell.removeAttribute('aria-selected');
}

/**
 * One piece, a disc of `r` units at (x, y) in a new group of `layer`,
 * classed `piece`, its side, `kinds` (what it is), its flags and `extra`:
 * its shadow, edge, body (the side's gradient of board `id`) and bevel;
 * then `inner(lift)` draws on the disc; then the outline (lifted: a solid
 * ring, the piece raised by `rise`; movable: a dashed one); then
 * `outer(lift)`; last, the small last-move mark at (`mark`, -`mark`).
 */
export function drawPiece(layer, p) {
  const { id, side, x, y, r, rise, mark, lifted, movable, last } = p;
  const names = ['piece', side, ...(p.kinds || []), movable && 'movable', lifted && 'lifted', last && 'last-move'];
  const g = svgEl(
    'g',
    { class: [...names, ...(p.extra || [])].filter(Boolean).join(' '), ...p.attrs, transform: `translate(${x} ${y})` },
    layer,
  );
  const lift = svgEl('g', { class: 'lift', transform: lifted ? `translate(0 -${rise}) scale(1.08)` : null }, g);
  svgEl('ellipse', { class: 'shadow', cx: 0, cy: lifted ? rise + 4 : 4, rx: r + 1, ry: r - 1 }, lift);
  svgEl('circle', { class: 'edge', cx: 0, cy: 3, r }, lift);
  svgEl('circle', { class: 'body', r, fill: `url(#${id}-${side})` }, lift);
  svgEl('circle', { class: 'bevel', r: r - 7 }, lift);
  p.inner?.(lift);
  if (lifted) svgEl('circle', { class: 'outline lifted-ring', r: r + 5 }, lift);
  else if (movable) svgEl('circle', { class: 'outline movable-ring', r: r + 6 }, lift);
  p.outer?.(lift);
  if (last) svgEl('circle', { class: 'last-mark', cx: mark, cy: -mark, r: 8 }, lift);
  return g;
}

/** The destination dots, `r` units across, at the centres of `places`. */
function drawDots(layer, places, center, r) {
  layer.replaceChildren();
  for (const at of places) {
    const { x, y } = center(at);
    svgEl('circle', { class: 'dest-dot', cx: x, cy: y, r, 'data-dest': at }, layer);
  }
}

/**
 * Arrows `[[from, to]]` from centre to centre, each starting 18 units out
 * of its first place and ending `short` units before its last, where the
 * head of board `id` points.
 */
function drawArrows(layer, id, pairs, center, short) {
  layer.replaceChildren();
  for (const [from, to] of pairs || []) {
    const a = center(from);
    const b = center(to);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    svgEl(
      'line',
      { class: 'arrow', x1: a.x + ux * 18, y1: a.y + uy * 18, x2: b.x - ux * short, y2: b.y - uy * short, 'marker-end': `url(#${id}-arrow)` },
      layer,
    );
  }
}

/**
 * Taps on the board `svg`: `onTap(place)` for one contact pressed and
 * released on the same place, quickly (two taps, no dragging), `locate(x,
 * y)` naming the place under a point in board units (null for none).
 * Pointer events cover mouse, touch and pen alike. A long press, or a
 * second contact while the first is down (a second finger, another
 * button), is no tap. Browsers follow a pointerdown with one compatibility
 * mousedown; a second mousedown during a press is a second contact too (as
 * WebKit's WebDriver delivers a second finger). A long press opens no menu.
 */
function listenForTaps(svg, locate, onTap) {
  const placeAt = (clientX, clientY) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return locate(p.x, p.y);
  };
  let down = null;
  svg.addEventListener('pointerdown', (e) => {
    if (down) {
      down.multi = true;
      return;
    }
    if (!e.isPrimary || e.button !== 0) return;
    svg.classList.remove('kbd');
    down = { at: placeAt(e.clientX, e.clientY), t: e.timeStamp, mice: 0, multi: false };
  });
  svg.addEventListener('mousedown', () => {
    if (down && ++down.mice > 1) down.multi = true;
  });
  svg.addEventListener('pointerup', (e) => {
    if (!down || !e.isPrimary) return;
    const at = placeAt(e.clientX, e.clientY);
    const tap = !down.multi && at !== null && at === down.at && e.timeStamp - down.t < LONG_PRESS_MS;
    down = null;
    if (tap) onTap(at);
  });
  svg.addEventListener('pointercancel', () => {
    down = null;
  });
  svg.addEventListener('contextmenu', (e) => e.preventDefault());
}

/**
 * The keyboard on a board's grid `svg`: the arrows move the focus ring
 * (`setFocus(next(at, key))`), Enter or Space is a tap where it is, Esc
 * puts a lifted piece back, and `keys` maps further keys to what they do;
 * Tab leaves the board. The ring shows once the keyboard is used (class
 * `kbd`, which a pointer's press takes away). `focus()` is where the ring
 * is, `origin` where it starts when nowhere; reached with no ring yet,
 * the board puts it on `first()` (the decision the player has to make).
 * While `ignore()` holds, the grid leaves the keys alone.
 */
export function attachGridKeys(svg, { focus, origin, first, setFocus, next, tap, putBack, keys = {}, ignore = () => false }) {
  svg.addEventListener('focus', () => {
    // Reached with Tab (or from a keyboard-pressed button): show the ring at once.
    if (svg.matches(':focus-visible')) svg.classList.add('kbd');
    if (focus() == null) setFocus(first() ?? origin);
  });
  svg.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || ignore()) return;
    const at = focus() ?? origin;
    if (e.key === 'Escape') {
      svg.classList.add('kbd');
      putBack();
      return;
    }
    let act = keys[e.key];
    if (e.key.startsWith('Arrow')) act = () => setFocus(next(at, e.key));
    else if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') act = () => tap(at);
    if (!act) return;
    e.preventDefault();
    svg.classList.add('kbd');
    act();
  });
}
