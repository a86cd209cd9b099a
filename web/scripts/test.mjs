// Runs the browser tests (`npm test`): every tests/*.test.mjs, or the files named
// (`npm test -- tests/page.test.mjs`), two files at a time. They wait on Chromium more than they
// compute, so a second file uses the processor the first leaves idle. Each file runs in a
// Node process of its own, with its own server (on a free port), Chromium profile and
// temporary folders (tests/harness.mjs), so two files never share state. The largest file
// starts first (the longest to run, as a rule: the companion's whole matches), so that the
// others run beside it rather than it alone at the end. The report is node's test runner's:
// TAP, or its readable form on a terminal; the exit code is 1 when a test failed.
import { readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { run } from "node:test";
import { spec, tap } from "node:test/reporters";
import { fileURLToPath } from "node:url";

const tests = join(dirname(fileURLToPath(import.meta.url)), "..", "tests");
const named = process.argv.slice(2).map((f) => resolve(f));
const files = (named.length > 0
  ? named
  : readdirSync(tests).filter((f) => f.endsWith(".test.mjs")).map((f) => join(tests, f)))
  .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));

const stream = run({ files, concurrency: 2 });
stream.on("test:fail", () => {
  process.exitCode = 1;
});
stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
