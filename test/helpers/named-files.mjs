// Which arguments of `node test/run.mjs <tier> …` name test files or folders:
// those that exist, so that an option's value (`-R tap`, `--grep name`) is
// not taken for one. Named files run one process each, as tap runs them.
import fs from 'node:fs';
import path from 'node:path';

/** The arguments among `args` that are files or folders under `root`. */
export function namedFiles(args, root) {
  return args.filter((arg) => !arg.startsWith('-') && fs.existsSync(path.resolve(root, arg)));
}
