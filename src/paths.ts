// Where Atrium's files are. The sources (src/, run through tsx) and the build (dist/, bundled by scripts/build.js)
// both sit one level under the package root, and so does every file of the bundle, whichever chunk this module
// lands in: paths are resolved from here, never from a file's own place (which the bundle does not keep).
import path from 'node:path';

/** The package root: package.json, prisma/, admin/dist. */
export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');
/** src/ or dist/: the code, and the files that go with it (dist/ holds copies of src/'s files that are not code). */
export const CODE_DIR = import.meta.dirname;
