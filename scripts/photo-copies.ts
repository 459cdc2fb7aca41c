// First step of `npm run build`: the web copies of any photo in content/photos/ that has none yet (decision 0028).
// A build reads them; it never makes them again.
import path from "node:path";
import { ensurePhotoCopies, photoCopiesDir } from "../server/photos/photo-copies.ts";

const started = Date.now();
const made = await ensurePhotoCopies(path.resolve("content"), photoCopiesDir(process.cwd()), { prune: true });
if (made > 0) console.log(`Made web copies of ${made} photo(s) in ${Date.now() - started} ms`);
