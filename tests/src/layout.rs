//! The layout rules every screen keeps, measured the same way in each
//! engine (WebKitGTK's app window and Chromium): nothing outside the
//! window or cut by its box, no two things on top of each other, the board
//! square and whole, controls a finger can hit on a phone, and the board's
//! marks at least 3:1 against what they sit on.

use crate::App;
use serde_json::{json, Value};

/// The window sizes of the galleries: a phone, a tablet, a desktop.
pub const SIZES: [(u32, u32, &str); 3] = [
    (360, 640, "phone"),
    (768, 1024, "tablet"),
    (1280, 800, "desktop"),
];

/// Below this width the window is a phone: controls at least 44 px.
pub const PHONE_WIDTH: u32 = 600;

/// A window the galleries drive: the page, its size, its photographs.
pub trait Window {
    /// The page, driven through WebDriver.
    fn page(&self) -> &App;
    /// Make the page `width` × `height` CSS pixels.
    fn size(&self, width: u32, height: u32) -> impl std::future::Future<Output = ()>;
    /// Photograph the page under `target/e2e-screenshots/`.
    fn photo(&self, name: &str) -> impl std::future::Future<Output = ()>;
}

impl Window for App {
    fn page(&self) -> &App {
        self
    }
    async fn size(&self, width: u32, height: u32) {
        self.resize(width, height).await;
    }
    async fn photo(&self, name: &str) {
        self.screenshot(name).await;
    }
}

/// Every problem with the layout in sight, as sentences. `board` is the
/// board's selector; `layer`, an open sheet or question that covers the
/// screen: only what is inside it must be reachable then.
const PROBE: &str = r#"
const [board, layer, phone] = arguments;
const W = innerWidth, H = innerHeight, out = [];
const tol = 1;
const name = (e) => e.id ? '#' + e.id
  : e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '');
const style = (e) => getComputedStyle(e);
const shown = (e) => {
  if (e.closest('[hidden], .sr-only')) return null;
  const r = e.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) return null;
  for (let a = e; a; a = a.parentElement) {
    const s = style(a);
    if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return null;
  }
  return r;
};
// The box an element can be seen in: the window, cut down by each ancestor
// that clips; `scrolls` when one of them scrolls (what is outside it can be
// scrolled to).
const view = (e) => {
  let box = { left: 0, top: 0, right: W, bottom: H }, scrolls = null, clip = null;
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const s = style(a);
    if (s.display === 'contents') continue;
    const ox = s.overflowX, oy = s.overflowY;
    if (ox === 'visible' && oy === 'visible') continue;
    const r = a.getBoundingClientRect();
    if (!scrolls && (/auto|scroll/.test(ox) || /auto|scroll/.test(oy))) scrolls = a;
    else if (!clip) clip = a;
    box = { left: Math.max(box.left, r.left), top: Math.max(box.top, r.top), right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom) };
  }
  return { box, scrolls, clip };
};
const html = document.documentElement;
if (html.scrollWidth > W + tol) out.push(`the page is ${html.scrollWidth} px wide in a ${W} px window`);
if (document.scrollingElement.scrollTop > 0 || scrollY > 0) out.push('the page has scrolled');
const root = (layer && document.querySelector(layer)) || document.body;
const all = [...root.querySelectorAll('*')].filter((e) => !(e instanceof SVGElement) || e instanceof SVGSVGElement);
const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
const textRect = (e) => {
  const range = document.createRange();
  let r = null;
  for (const n of e.childNodes) {
    if (n.nodeType !== 3 || !n.textContent.trim()) continue;
    range.selectNodeContents(n);
    const b = range.getBoundingClientRect();
    r = r ? { left: Math.min(r.left, b.left), top: Math.min(r.top, b.top), right: Math.max(r.right, b.right), bottom: Math.max(r.bottom, b.bottom) } : b;
  }
  return r;
};
const control = (e) => e.matches('button, a[href], input, select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="radio"], [role="option"]');
const boxes = [];
for (const e of all) {
  const r = shown(e);
  if (!r) continue;
  const { box, scrolls, clip } = view(e);
  const t = ownText(e) ? textRect(e) : null;
  // Text cut by its own box (an ellipsis, a clipped line).
  if (t && style(e).overflow !== 'visible' && (e.scrollWidth > e.clientWidth + tol || e.scrollHeight > e.clientHeight + tol))
    out.push(`${name(e)} cuts its text ("${e.textContent.trim().slice(0, 30)}")`);
  // A list or a page that scrolls scrolls up and down, never sideways.
  if (/auto|scroll/.test(style(e).overflowX) && e.scrollWidth > e.clientWidth + tol)
    out.push(`${name(e)} scrolls sideways (${e.scrollWidth} px in ${e.clientWidth}: ${[...e.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > e.getBoundingClientRect().right + tol).map(name).slice(-3).join(', ')})`);
  if (scrolls) continue;
  // A text's box is as tall as its font's ascent and descent, more than
  // its glyphs: a box that clips it up or down cuts it when it hides more
  // than a third of that height.
  const across = Math.max(box.left - r.left, r.right - box.right);
  const down = Math.max(box.top - r.top, r.bottom - box.bottom);
  const past = clip && down <= r.height / 3 ? across : Math.max(across, down);
  if (past > tol && (control(e) || t || e instanceof SVGSVGElement))
    out.push(clip ? `${name(e)} is cut by ${name(clip)} (${past.toFixed(1)} px)` : `${name(e)} is ${past.toFixed(1)} px outside the window`);
  if (control(e)) boxes.push({ e, r, what: 'control' });
  else if (t && t.width > 0) boxes.push({ e, r: t, what: 'text' });
}
// Nothing on top of anything else: controls and lines of text apart from
// each other and from the board.
const b = board && document.querySelector(board);
const br = b && shown(b);
if (b) {
  if (!br) out.push(`the board ${board} is not shown`);
  else {
    if (Math.abs(br.width - br.height) > tol) out.push(`the board is ${br.width.toFixed(1)} × ${br.height.toFixed(1)} px`);
    if (br.left < -tol || br.top < -tol || br.right > W + tol || br.bottom > H + tol) out.push('the board is not whole in the window');
  }
}
const cross = (p, q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > tol && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > tol;
for (let i = 0; i < boxes.length; i++) {
  const p = boxes[i];
  if (br && !b.contains(p.e) && !p.e.contains(b) && cross(p.r, br)) out.push(`${name(p.e)} is on the board`);
  for (let j = i + 1; j < boxes.length; j++) {
    const q = boxes[j];
    if (p.e.contains(q.e) || q.e.contains(p.e)) continue;
    if (cross(p.r, q.r)) out.push(`${name(p.e)} and ${name(q.e)} overlap`);
  }
  // A control a finger can hit, and hit where it shows.
  if (p.what === 'control') {
    const x = (p.r.left + p.r.right) / 2, y = (p.r.top + p.r.bottom) / 2;
    const top = document.elementFromPoint(x, y);
    if (top && !p.e.contains(top) && !top.contains(p.e)) out.push(`${name(p.e)} is under ${name(top)}`);
    if (phone && !b?.contains(p.e) && (p.r.width < 44 - tol || p.r.height < 44 - tol))
      out.push(`${name(p.e)} is ${p.r.width.toFixed(0)} × ${p.r.height.toFixed(0)} px`);
  }
}
return [...new Set(out)];
"#;

/// The layout's problems on the screen in sight (none when it holds).
pub async fn layout_problems(app: &App, board: Option<&str>, layer: Option<&str>) -> Vec<String> {
    let phone = app
        .js("return window.innerWidth;")
        .await
        .as_u64()
        .unwrap_or(0)
        < u64::from(PHONE_WIDTH);
    let v = app
        .client
        .execute(PROBE, vec![json!(board), json!(layer), json!(phone)])
        .await
        .unwrap_or_else(|e| panic!("the layout probe failed: {e}"));
    serde_json::from_value(v).unwrap_or_default()
}

/// Fail with every problem of the layout on the screen in sight.
pub async fn check_layout(app: &App, what: &str, board: Option<&str>, layer: Option<&str>) {
    let problems = layout_problems(app, board, layer).await;
    assert!(problems.is_empty(), "{what}:\n  {}", problems.join("\n  "));
}

/// The board's marks on checkers' dark squares.
pub const CHECKERS_MARKS: Marks = Marks {
    board: ".board.interactive",
    ground: ".sq-dark",
    marks: &[
        ("dot", ".dest-dot", "fill"),
        ("movable", ".movable-ring", "stroke"),
        ("lifted", ".lifted-ring", "stroke"),
        ("focus", ".focus-ring .ring-outer", "stroke"),
        ("last", ".last-mark", "stroke"),
        ("route", ".route-core", "stroke"),
        ("taken", ".x-core", "stroke"),
    ],
};

/// The board's marks on Choko's wood.
pub const CHOKO_MARKS: Marks = Marks {
    board: ".choko-board.interactive",
    ground: ".choko-wood",
    marks: &[
        ("dot", ".dest-dot", "fill"),
        ("movable", ".movable-ring", "stroke"),
        ("lifted", ".lifted-ring", "stroke"),
        ("take", ".take-ring", "stroke"),
        ("focus", ".focus-ring .ring-outer", "stroke"),
        ("last", ".last-mark", "stroke"),
        ("lines", ".choko-lines line", "stroke"),
    ],
};

/// A board's marks: each a name, a selector inside the board and the
/// colour property that draws it, against the fill of `ground`.
pub struct Marks {
    pub board: &'static str,
    pub ground: &'static str,
    pub marks: &'static [(&'static str, &'static str, &'static str)],
}

/// The contrast of each mark in sight against the ground it sits on, from
/// the colours the page really uses: at least 3:1 (WCAG's ratio for
/// graphical objects).
pub async fn check_mark_contrast(app: &App, what: &str, marks: &Marks) {
    let v = app
        .client
        .execute(
            "const [board, ground, marks] = arguments;
             const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
             const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
             const wood = getComputedStyle(document.querySelector(board + ' ' + ground)).fill;
             const out = {};
             for (const [name, css, prop] of marks) {
               const e = document.querySelector(board + ' ' + css);
               if (e) out[name] = ratio(getComputedStyle(e)[prop], wood);
             }
             return out;",
            vec![json!(marks.board), json!(marks.ground), json!(marks.marks)],
        )
        .await
        .unwrap_or_else(|e| panic!("the contrast probe failed: {e}"));
    let ratios = v.as_object().cloned().unwrap_or_default();
    assert!(!ratios.is_empty(), "{what}: no mark in sight");
    for (name, r) in ratios {
        let r = r.as_f64().unwrap_or_default();
        assert!(
            r >= 3.0,
            "{what}: the {name} mark is {r:.2}:1 against the board"
        );
    }
}

/// The boxes of the board's squares (or points): each `[left, top, right,
/// bottom]` by the square's `attr`, in the page's CSS pixels.
pub async fn square_boxes(app: &App, css: &str, attr: &str) -> Vec<(String, [f64; 4])> {
    let v: Value = app
        .client
        .execute(
            "const [css, attr] = arguments;
             return [...document.querySelectorAll(css)].map((e) => { const r = e.getBoundingClientRect(); return [e.getAttribute(attr), [r.left, r.top, r.right, r.bottom]]; });",
            vec![json!(css), json!(attr)],
        )
        .await
        .unwrap_or_else(|e| panic!("the squares of {css}: {e}"));
    serde_json::from_value(v).unwrap_or_else(|e| panic!("the squares of {css}: {e}"))
}

/// The largest difference between two sets of square boxes, square by
/// square (every square of one must be in the other).
pub fn largest_difference(a: &[(String, [f64; 4])], b: &[(String, [f64; 4])]) -> f64 {
    assert_eq!(a.len(), b.len(), "not the same squares");
    let mut most: f64 = 0.0;
    for (name, ra) in a {
        let rb = b
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r)
            .unwrap_or_else(|| panic!("square {name} in one engine only"));
        for i in 0..4 {
            most = most.max((ra[i] - rb[i]).abs());
        }
    }
    most
}
