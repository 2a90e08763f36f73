// The page's sentences: one table per language (`lang/es.js`,
// `lang/en.js`), the choice of language, and `t()`, which looks a key up
// in the current language and falls back to Spanish, the product's own
// language, if a key were ever missing in English.

import es from './lang/es.js';
import en from './lang/en.js';

/** The tables, by language code. */
export const tables = { es, en };

let current = 'es';

/**
 * The language to show: the setting when it names one, otherwise the
 * system's (navigator.language starting with "en" means English), Spanish
 * for everything else.
 */
export function resolveLanguage(setting, systemLanguage = globalThis.navigator?.language) {
  if (setting === 'es' || setting === 'en') return setting;
  return typeof systemLanguage === 'string' && systemLanguage.toLowerCase().startsWith('en')
    ? 'en'
    : 'es';
}

/** Makes `lang` the language of every later `t()` and of `<html lang>`. */
export function setLanguage(lang) {
  current = lang === 'en' ? 'en' : 'es';
  if (globalThis.document) document.documentElement.lang = current;
}

/** The current language code. */
export function language() {
  return current;
}

/** The sentence for `key` in the current language, with `{name}` filled from `params`. */
export function t(key, params = {}) {
  const table = tables[current];
  const text = table[key] ?? es[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Structured content (arrays, not sentences) for the current language, e.g. the help sections. */
export function content(key) {
  return tables[current][key] ?? es[key];
}
