// The page's files as files: what they name exists, and none grows past
// the size at which a module stops being about one thing.
//   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const UI = join(ROOT, 'ui');

/** Every file under `dir` whose name ends with one of `endings`. */
function files(dir, endings) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path, endings);
    return endings.some((end) => e.name.endsWith(end)) ? [path] : [];
  });
}

const PAGE = files(UI, ['.js', '.css', '.html']);

/**
 * The file names a text mentions (`docs/product.md`, `game-flow.js`,
 * `css/board.css`): words ending in a file extension of this repository.
 */
function named(text) {
  return [...text.matchAll(/(?<![\w./-])([\w-]+(?:[./][\w-]+)*\.(?:md|mjs|js|css|html|rs|json|svg))(?![\w-])/g)].map(
    (m) => m[1],
  );
}

/**
 * The prose and the strings of a script or stylesheet (its comments and
 * quoted texts), where a file can be named; the code between them is left
 * out (`board.svg` there is a property, not a file). HTML is all prose.
 */
function prose(path, text) {
  if (path.endsWith('.html')) return text;
  return [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)]
    .map((m) => m[0])
    .join('\n');
}

test('file names are found in a text, and only file names', () => {
  assert.deepEqual(named('the IDs in docs/product.md (see `game-flow.js`); view.movable; e.g. x'), [
    'docs/product.md',
    'game-flow.js',
  ]);
  assert.deepEqual(named('<link href="css/base.css" /> main.js, screens/*.js'), ['css/base.css', 'main.js']);
  const code = "// see anim.js\nboard.svg.focus(); const s = 'lang/es.js'; /* help.css */";
  assert.deepEqual(named(prose('x.js', code)), ['anim.js', 'lang/es.js', 'help.css']);
});

test('every file the page names is in the repository', () => {
  for (const path of PAGE) {
    const here = join(path, '..');
    for (const name of named(prose(path, readFileSync(path, 'utf8')))) {
      // A name is relative to the file, the page, its scripts, or the repository.
      const found = [here, UI, join(UI, 'js'), ROOT].some((dir) =>
        existsSync(join(dir, name)),
      );
      assert.ok(found, `${relative(ROOT, path)} names ${name}, which the repository does not hold`);
    }
  }
});

test('no file of the page is over 400 lines', () => {
  assert.ok(PAGE.length > 20, `${PAGE.length} files`);
  for (const path of PAGE) {
    const lines = readFileSync(path, 'utf8').split('\n').length - 1;
    assert.ok(lines <= 400, `${relative(ROOT, path)}: ${lines} lines`);
  }
});
