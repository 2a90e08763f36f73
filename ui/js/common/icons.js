// Line icons drawn as SVG (no asset files). Each returns a fresh element.

import { svgEl } from './dom.js';

function icon(paths) {
  const svg = svgEl('svg', {
    class: 'icon',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
  });
  for (const d of paths) svgEl('path', { d }, svg);
  return svg;
}

export const back = () => icon(['M15 5l-7 7 7 7']);
export const undo = () => icon(['M9 14L4 9l5-5', 'M4 9h10a6 6 0 0 1 0 12h-3']);
export const chart = () => icon(['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2']);
export const help = () =>
  icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6', 'M12 17.2v.3']);
export const gear = () =>
  icon([
    'M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
    'M19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7.6 7.6 0 0 1-2 1.2l-.3 2h-4l-.3-2a7.6 7.6 0 0 1-2-1.2l-1.9.7-2-3.4 1.6-1.2a7.7 7.7 0 0 1 0-3L2.6 9.3l2-3.4 1.9.7a7.6 7.6 0 0 1 2-1.2l.3-2h4l.3 2a7.6 7.6 0 0 1 2 1.2l1.9-.7 2 3.4-1.6 1.2a7.7 7.7 0 0 1 0 3z',
  ]);
export const play = () => icon(['M8 5l11 7-11 7z']);
export const chevron = () => icon(['M9 6l6 6-6 6']);
export const first = () => icon(['M6 5v14', 'M18 6l-7 6 7 6']);
export const prev = () => icon(['M15 5l-7 7 7 7']);
export const next = () => icon(['M9 5l7 7-7 7']);
export const last = () => icon(['M18 5v14', 'M6 6l7 6-7 6']);
export const copy = () => icon(['M9 9h10v12H9z', 'M5 15H4V3h11v1']);
export const close = () => icon(['M6 6l12 12', 'M18 6L6 18']);
