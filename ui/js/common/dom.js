// Small helpers to build HTML and SVG elements without markup strings (the
// CSP allows no inline script or style, and text is always set as text).

/**
 * `h('button', { id: 'undo', class: 'btn', onclick: fn, 'aria-label': '…' }, children)`.
 * Keys starting with "on" become event listeners; `text` sets textContent;
 * other keys become attributes (false/null/undefined are skipped).
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'text') el.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

/** Creates an SVG element with attributes (null, undefined and false are skipped). */
export function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(el);
  return el;
}

/** Appends children: elements, strings (as text) or nested arrays; null is skipped. */
export function append(el, children) {
  for (const c of [].concat(children)) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return el;
}

/** Sets text only when it changed (a live region must not re-announce the same sentence). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Sets the text of a part of a live region, when it changed, as a new
 * paragraph in `el`. WebKitGTK sends no event on the accessibility bus
 * when text changes inside a live region; a new object in it arrives as
 * `children-changed:add`, which carries the paragraph and its text.
 */
export function sayText(el, text) {
  if (el.textContent === text) return;
  el.replaceChildren(...(text ? [h('span', { role: 'paragraph', text })] : []));
}
