/**
 * Refuses to start on a Node.js this project does not run on, before anything loads better-sqlite3
 * (version 13 segfaults on Node 20). Imported first by every server entry point; decision 013 says
 * which versions run it and why npm's scripts bring their own.
 */

/** Why this Node cannot run the server, or undefined when it can. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= 22) return undefined;
  return (
    `Slotwise needs Node.js 22 or newer (it is tested on 24), and this is ${version}. Start it through npm ` +
    '(npm start, npm test, npm run <script>): npm ci installs Node 24 into node_modules/.bin, and npm puts that first on PATH.'
  );
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
