// Checkers' panel of the start screen: "Continue" when a game is saved
// (C7), who starts («Tú primero» / «CPU primero», C6) and the three
// opponents as large buttons (D1). With a game saved, choosing a level
// first asks whether to abandon it; abandoning is not a loss (G5).

import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';
import { continueButton, question, radioGroup } from '../common/frame.js';
import { state } from '../common/state.js';
import { set } from './state.js';
import { newGame, chooseLevel, continueGame } from './flow.js';

/** `{ panel, dialog, update(s, shown) }`; `inner` is the start screen's content, made inert while the dialog asks. */
export function mountCheckersPanel(inner) {
  const cont = continueButton('continue', continueGame);
  const first = radioGroup({
    label: 'who-starts',
    options: [
      ['first-player', 'player', t('firstPlayer')],
      ['first-cpu', 'cpu', t('firstCpu')],
    ],
    current: () => state.checkers.firstChoice,
    choose: (value) => set({ firstChoice: value }),
  });
  const level = (name) =>
    h('button', { id: `level-${name}`, class: `btn level level-${name}`, type: 'button', onclick: () => chooseLevel(name) }, [
      h('span', { class: 'level-name', text: t(`level.${name}`) }),
      h('span', { class: 'level-hint', text: t(`levelHint.${name}`) }),
    ]);
  const panel = h('section', { id: 'panel-checkers', class: 'game-panel', role: 'tabpanel', 'aria-labelledby': 'game-checkers' }, [
    cont,
    h('h2', { id: 'who-starts', class: 'label', text: t('whoStarts') }),
    first,
    h('h2', { class: 'label', text: t('chooseOpponent') }),
    h('div', { class: 'levels' }, ['easy', 'normal', 'hard'].map(level)),
  ]);

  // "Abandon the saved game?"
  const ask = question('confirm', { title: t('confirmTitle'), text: t('confirmText'), yes: t('confirmNew'), no: t('confirmKeep') });
  ask.yes.addEventListener('click', () => newGame(state.checkers.confirmLevel));
  ask.no.addEventListener('click', () => set({ confirmLevel: null }));

  /** The level whose button opened the question, to get the focus back. */
  let askedFor = null;

  return {
    panel,
    dialog: ask.el,
    update(s, shown) {
      const c = s.checkers;
      panel.hidden = !shown;
      cont.hidden = !c.hasSaved;
      cont.querySelector('.continue-detail').textContent = c.savedLevel
        ? t('continueDetail', { level: t(`level.${c.savedLevel}`) })
        : '';
      first.refresh();
      const asking = Boolean(c.confirmLevel);
      if (asking !== !ask.el.hidden) {
        ask.el.hidden = !asking;
        inner.inert = asking;
        if (asking) {
          askedFor = c.confirmLevel;
          ask.no.focus({ preventScroll: true });
        } else {
          // Kept (Esc or "Keep it"): the focus goes back to the level that asked.
          document.getElementById(`level-${askedFor}`)?.focus({ preventScroll: true });
        }
      }
    },
  };
}
