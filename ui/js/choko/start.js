// Choko's panel of the start screen: Continue when a game of the streak is
// saved, the ladder (the level, the streak's wins and value, the last win's
// bonus, the best streak), the next game's button (its level and who
// places first), and New streak, which asks first: it ends the streak (a
// saved game with it), while the best streak stays.

import { h, setText } from '../common/dom.js';
import { t } from '../common/i18n.js';
import { continueButton, question } from '../common/frame.js';
import { state } from '../common/state.js';
import { set } from './state.js';
import { nextGame, newStreak, continueChoko } from './flow.js';
import { streakText } from './widgets.js';

/** `{ panel, dialog, update(s) }`; `inner` is the start screen's content, made inert while the dialog asks. */
export function mountChokoPanel(inner) {
  const cont = continueButton('choko-continue', continueChoko);
  const level = h('p', { class: 'ladder-level' });
  const streak = h('p', { class: 'ladder-streak' });
  const last = h('p', { class: 'ladder-last' });
  const best = h('p', { class: 'ladder-best' });
  const card = h('div', { id: 'choko-ladder', class: 'ladder-card', role: 'group', 'aria-label': t('choko.ladder') }, [
    level,
    streak,
    last,
    best,
  ]);
  const play = h('button', { id: 'choko-play', class: 'btn level choko-play', type: 'button', onclick: nextGame }, [
    h('span', { class: 'level-name' }),
    h('span', { class: 'level-hint' }),
  ]);
  const again = h('button', {
    id: 'choko-new-streak',
    class: 'btn choko-new-streak',
    type: 'button',
    onclick: () => set({ confirm: true }),
    text: t('choko.newStreak'),
  });
  const panel = h('section', { id: 'panel-choko', class: 'game-panel', role: 'tabpanel', 'aria-labelledby': 'game-choko' }, [
    cont,
    card,
    play,
    again,
  ]);

  const ask = question('choko-confirm', { title: t('choko.confirmTitle'), yes: t('choko.confirmEnd'), no: t('confirmKeep') });
  const { el: dialog, text } = ask;
  ask.yes.addEventListener('click', () => newStreak());
  ask.no.addEventListener('click', () => {
    set({ confirm: false });
    again.focus({ preventScroll: true });
  });
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') set({ confirm: false });
  });

  return {
    panel,
    dialog,
    update(s, shown) {
      panel.hidden = !shown;
      const c = s.choko;
      const ladder = c.ladder;
      panel.dataset.loaded = c.loaded ? 'true' : 'false';
      cont.hidden = !c.resumable;
      if (c.resumable && c.view) {
        setText(cont.querySelector('.continue-detail'), t('choko.continueDetail', { n: c.view.level }));
      }
      if (ladder) {
        card.dataset.level = ladder.level;
        card.dataset.wins = ladder.wins;
        card.dataset.value = ladder.value;
        card.dataset.bestValue = ladder.bestValue;
        setText(level, t('choko.levelOf', { n: ladder.level, top: ladder.top }));
        setText(streak, t('choko.streakIs', { streak: streakText(ladder.wins, ladder.value) }));
        last.hidden = ladder.lastBonus == null;
        setText(last, ladder.lastBonus == null ? '' : t('choko.lastBonus', { bonus: ladder.lastBonus }));
        setText(best, ladder.bestWins ? t('choko.bestIs', { streak: streakText(ladder.bestWins, ladder.bestValue) }) : t('choko.noBestYet'));
        setText(play.querySelector('.level-name'), t('choko.playLevel', { n: ladder.level }));
        setText(play.querySelector('.level-hint'), t(ladder.nextFirst === 'machine' ? 'choko.machinePlacesFirst' : 'choko.youPlaceFirst'));
      }
      play.hidden = c.resumable || !ladder;
      again.hidden = !c.resumable && !(ladder && ladder.wins > 0);
      if (ladder) {
        const streakNow = streakText(ladder.wins, ladder.value);
        setText(text, t(c.resumable ? 'choko.confirmTextGame' : 'choko.confirmText', { streak: streakNow }));
      }
      const asking = Boolean(c.confirm) && shown;
      if (asking !== !dialog.hidden) {
        dialog.hidden = !asking;
        inner.inert = asking;
        if (asking) ask.no.focus({ preventScroll: true });
        else if (state.screen === 'start' && document.activeElement === document.body) again.focus({ preventScroll: true });
      }
    },
  };
}
