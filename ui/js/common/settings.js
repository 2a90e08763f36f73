// Settings screen: language (system / Español / English), sound on/off,
// square numbers on/off. Each change of the settings, here or elsewhere
// (the start screen remembers the game chosen), is sent to the shell,
// which keeps it.

import { h } from './dom.js';
import { t } from './i18n.js';
import { screen, topBar, radioGroup } from './frame.js';
import { state, update } from './state.js';
import { setSettings } from './api.js';

/** Changes the settings at once and has the shell keep them; its answer is the settings in force. */
export async function changeSettings(patch) {
  const next = { ...state.settings, ...patch };
  update({ settings: next });
  try {
    const saved = await setSettings(next);
    if (saved) update({ settings: saved });
  } catch (e) {
    console.warn('checkers:', e);
  }
}

function toggle(id, label, key) {
  const btn = h('button', { id, class: 'switch', type: 'button', role: 'switch', onclick: () => changeSettings({ [key]: !state.settings[key] }) }, [
    h('span', { class: 'switch-label', text: label }),
    h('span', { class: 'switch-track', 'aria-hidden': 'true' }, [h('span', { class: 'switch-thumb' })]),
  ]);
  return btn;
}

export function mount(root, s) {
  const langs = [
    ['lang-system', null, t('langSystem')],
    ['lang-es', 'es', t('langEs')],
    ['lang-en', 'en', t('langEn')],
  ];
  const group = radioGroup({
    label: 'lang-label',
    className: 'three',
    options: langs.map(([id, value, label]) => [id, value ?? 'system', label, value]),
    current: () => state.settings.language ?? 'system',
    choose: (value) => changeSettings({ language: value === 'system' ? null : value }),
  });
  group.id = 'lang-select';
  const sound = toggle('sound-toggle', t('sound'), 'sound');
  const numbers = toggle('numbers-toggle', t('squareNumbers'), 'squareNumbers');
  const el = screen('settings', [
    topBar(t('settingsTitle'), () => update({ screen: s.returnTo || 'start' })),
    h('div', { class: 'scroll' }, [
      h('div', { class: 'settings-body' }, [
        h('h2', { id: 'lang-label', class: 'label', text: t('language') }),
        group,
        h('div', { class: 'switches' }, [sound, numbers]),
      ]),
    ]),
  ]);
  root.appendChild(el);
  return {
    update(st) {
      group.refresh();
      sound.setAttribute('aria-checked', st.settings.sound ? 'true' : 'false');
      numbers.setAttribute('aria-checked', st.settings.squareNumbers ? 'true' : 'false');
    },
  };
}
