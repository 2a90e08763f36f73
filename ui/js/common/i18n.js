// The page's sentences: the app's own language files and each game's
// (`lang/app-es.js`, `lang/checkers-es.js`, `lang/choko-es.js` and their
// English pairs), merged into one table per language; the choice of
// language; and `t()`, which looks a key up in the current language and
// falls back to Spanish, the product's own language, if a key were ever
// missing in English.

import appEs from '../lang/app-es.js';
import appEn from '../lang/app-en.js';
import checkersEs from '../lang/checkers-es.js';
import checkersEn from '../lang/checkers-en.js';
import chokoEs from '../lang/choko-es.js';
import chokoEn from '../lang/choko-en.js';

/** The language files, by language: the app's, then each game's, in the same order. */
export const FILES = {
  es: [appEs, checkersEs, chokoEs],
  en: [appEn, checkersEn, chokoEn],
};

/** The tables, by language code: each language's files merged. */
export const tables = { es: Object.assign({}, ...FILES.es), en: Object.assign({}, ...FILES.en) };
const es = tables.es;

let current = 'es';

/**
 * The language to show: the setting when it names one, otherwise the
 * first of the system's languages (most preferred first, e.g.
 * `navigator.languages`; a single code is a list of one) that the page
 * speaks, matched on its primary subtag ("es-MX" is Spanish, "EN" English).
 * A system that prefers only other languages gets English, the one most
 * of their speakers read; a system that names no language at all (none,
 * or a locale such as "C" or "POSIX", whose first part is no 2- or
 * 3-letter language code) gets Spanish, the product's own language.
 */
export function resolveLanguage(setting, systemLanguages = systemPreferences()) {
  if (setting === 'es' || setting === 'en') return setting;
  const primaries = (Array.isArray(systemLanguages) ? systemLanguages : [systemLanguages])
    .filter((code) => typeof code === 'string')
    .map((code) => code.toLowerCase().split(/[-_]/)[0])
    .filter((primary) => /^[a-z]{2,3}$/.test(primary));
  if (primaries.length === 0) return 'es';
  return primaries.find((primary) => primary === 'es' || primary === 'en') ?? 'en';
}

/** The system's languages, most preferred first. */
function systemPreferences() {
  const nav = globalThis.navigator;
  if (!nav) return [];
  return nav.languages && nav.languages.length ? [...nav.languages] : [nav.language];
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
