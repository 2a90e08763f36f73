// A panel that phones show as a modal sheet (the move list over the
// board). While it is open it is a dialog (role and aria-modal, named by
// its title), Tab and Shift+Tab go round inside it, and what lies behind
// it is inert; once it closes, the focus goes back to what opened it
// unless it rests on something still in sight.

/** The elements of `root` that Tab stops at, in order. */
function tabStops(root) {
  return [...root.querySelectorAll('button, [tabindex]')].filter(
    (e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0,
  );
}

/** True when the focus is on an element that can be seen. */
function focusInSight() {
  const a = document.activeElement;
  return Boolean(a && a !== document.body && a.isConnected && a.getClientRects().length > 0 && !a.closest('[inert]'));
}

/**
 * `panel` as a modal sheet: `background()` lists what becomes inert while
 * it is open, `opener` gets the focus back, `first()` is where the focus
 * goes on opening (the close button when it gives nothing). Call
 * `show(open)` after each render.
 */
export function modalSheet(panel, { background, opener, first }) {
  let open = false;
  panel.addEventListener('keydown', (e) => {
    if (!open || e.key !== 'Tab') return;
    const stops = tabStops(panel);
    if (!stops.length) return;
    const i = stops.indexOf(document.activeElement);
    if (e.shiftKey && i <= 0) {
      e.preventDefault();
      stops[stops.length - 1].focus();
    } else if (!e.shiftKey && (i === -1 || i === stops.length - 1)) {
      e.preventDefault();
      stops[0].focus();
    }
  });
  return {
    show(on) {
      if (on === open) return;
      open = on;
      for (const el of background()) el.inert = on;
      if (on) {
        panel.setAttribute('role', 'dialog');
        panel.setAttribute('aria-modal', 'true');
        const target = first() || tabStops(panel)[0];
        target?.focus({ preventScroll: true });
      } else {
        panel.removeAttribute('role');
        panel.removeAttribute('aria-modal');
        if (!focusInSight()) opener.focus({ preventScroll: true });
      }
    },
  };
}
