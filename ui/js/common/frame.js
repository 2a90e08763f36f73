// Pieces every screen may use: the screen's frame and its top bar, the
// start screen's Continue and its questions, choice groups, the hint that
// a page scrolls.

import { h } from './dom.js';
import * as icons from './icons.js';
import { t } from './i18n.js';

/** A top bar: a back button (#back), the title, and an optional element on the right. */
export function topBar(title, onBack, right = null) {
  return h('header', { class: 'topbar' }, [
    h('button', { id: 'back', class: 'icon-btn', type: 'button', 'aria-label': t('back'), onclick: onBack }, [
      icons.back(),
    ]),
    h('h1', { class: 'title', text: title }),
    right || h('span', { class: 'topbar-spacer', 'aria-hidden': 'true' }),
  ]);
}

/** A section for one screen, marked with data-screen for tests and CSS. */
export function screen(name, children) {
  return h('section', { class: `screen screen-${name}`, 'data-screen': name }, children);
}

/** A game's Continue on the start screen (`#id`): its detail (`.continue-detail`) is the caller's to set. */
export function continueButton(id, onclick) {
  return h('button', { id, class: 'btn continue', type: 'button', onclick }, [
    icons.play(),
    h('span', { class: 'continue-text' }, [
      h('span', { class: 'continue-title', text: t('continue') }),
      h('span', { class: 'continue-detail' }),
    ]),
  ]);
}

/**
 * A question asked before what cannot be taken back: an alert dialog over
 * the page (`#id`, hidden until asked) with its title (`#id-title`), its
 * text (`#id-text`), the button that goes ahead (`#id-new`) and the one
 * that keeps things as they are (`#id-keep`). Tab stays inside it while it
 * is open. Returns `{ el, text, yes, no }`.
 */
export function question(id, { title, text, yes, no }) {
  const yesBtn = h('button', { id: `${id}-new`, class: 'btn primary', type: 'button', text: yes });
  const noBtn = h('button', { id: `${id}-keep`, class: 'btn', type: 'button', text: no });
  const body = h('p', { id: `${id}-text`, text });
  const el = h('div', { class: 'dialog-scrim', id }, [
    h('div', { class: 'dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-text` }, [
      h('h2', { id: `${id}-title`, text: title }),
      body,
      h('div', { class: 'dialog-actions' }, [yesBtn, noBtn]),
    ]),
  ]);
  el.hidden = true;
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    e.preventDefault();
    (document.activeElement === yesBtn ? noBtn : yesBtn).focus();
  });
  return { el, text: body, yes: yesBtn, no: noBtn };
}

/**
 * A group of options where one is chosen (a segmented control): one Tab
 * stop for the whole group, on the chosen option; the arrow keys move the
 * choice (and the focus) along it, Home and End to its ends.
 * `options` are `[id, value, label]`; `current()` gives the chosen value and
 * `choose(value)` makes a choice (values are the options' strings). Call
 * `refresh()` after a change.
 */
export function radioGroup({ label, options, current, choose, className = '' }) {
  const buttons = options.map(([id, value, text, lang]) =>
    h('button', {
      id,
      class: 'seg',
      type: 'button',
      role: 'radio',
      lang: lang || null,
      'data-value': value,
      onclick: () => choose(value),
      text,
    }),
  );
  const group = h(
    'div',
    { class: `segmented ${className}`.trim(), role: 'radiogroup', 'aria-labelledby': label },
    buttons,
  );
  group.addEventListener('keydown', (e) => {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    let i = buttons.findIndex((b) => b.dataset.value === String(current()));
    if (e.key in keys) i = (i + keys[e.key] + buttons.length) % buttons.length;
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = buttons.length - 1;
    else return;
    e.preventDefault();
    choose(buttons[i].dataset.value);
    buttons[i].focus();
  });
  group.refresh = () => {
    for (const b of buttons) {
      const on = b.dataset.value === String(current());
      b.setAttribute('aria-checked', on ? 'true' : 'false');
      b.tabIndex = on ? 0 : -1;
    }
  };
  group.refresh();
  return group;
}

/**
 * Marks `scroller` with `can-scroll-down` while there is more below the
 * fold, so a fade at its foot says that the page scrolls.
 */
export function scrollHint(scroller) {
  const check = () => {
    const more = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight > 4;
    scroller.classList.toggle('can-scroll-down', more);
  };
  scroller.addEventListener('scroll', check, { passive: true });
  new ResizeObserver(check).observe(scroller);
  requestAnimationFrame(check);
  new MutationObserver(check).observe(scroller, { childList: true, subtree: true, attributes: true });
  return check;
}
