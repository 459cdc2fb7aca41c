// README "Put it on a server" as data: the deploy drill runs the commands it finds here, by step number, so the
// README and the drill cannot drift apart. Pure: tests/unit/deploy-readme.test.ts checks the drill finds all it needs.

export type ServerStep = {
  readonly number: number;
  readonly title: string;
  /** The step's prose with its code blocks taken out, lines joined and unindented. */
  readonly prose: string;
  /** Each ```sh block, unindented. */
  readonly blocks: readonly string[];
  /** Each `inline code` span of the prose, in order. */
  readonly inline: readonly string[];
};

export type ServerRecipe = {
  readonly steps: ReadonlyMap<number, ServerStep>;
  /** The paragraphs after the last numbered step (owner commands, restore, update). */
  readonly after: string;
  readonly afterInline: readonly string[];
  /** Each ```sh block after the last numbered step. */
  readonly afterBlocks: readonly string[];
};

const SECTION = "## Put it on a server";

function inlineSpans(prose: string): string[] {
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
}

/** Splits the section into its numbered steps and what follows them. */
export function serverRecipe(readme: string): ServerRecipe {
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const rest = readme.slice(start + SECTION.length + 2);
  const end = rest.search(/^## /m);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split("\n");

  const steps = new Map<number, ServerStep>();
  let current: { number: number; title: string; lines: string[] } | null = null;
  const after: string[] = [];
  const finish = () => {
    if (!current) return;
    const blocks: string[] = [];
    const prose: string[] = [];
    let block: string[] | null = null;
    let indent = 0;
    for (const line of current.lines) {
      const fence = /^(\s*)```/.exec(line);
      if (fence && !block) {
        block = [];
        indent = fence[1]?.length ?? 0;
      } else if (fence && block) {
        blocks.push(block.join("\n") + "\n");
        block = null;
      } else if (block) {
        block.push(line.slice(Math.min(indent, line.length - line.trimStart().length)));
      } else {
        prose.push(line.trim());
      }
    }
    if (block) throw new Error(`README step ${current.number}: a code block is not closed`);
    const text = prose.join(" ").replace(/\s+/g, " ").trim();
    steps.set(current.number, {
      number: current.number,
      title: current.title,
      prose: text,
      blocks,
      inline: inlineSpans(text),
    });
    current = null;
  };
  let inAfter = false;
  for (const line of lines) {
    const item = /^(\d+)\. \*\*(.+?)\*\*(.*)$/.exec(line);
    if (item && !inAfter) {
      finish();
      current = { number: Number(item[1]), title: (item[2] ?? "").replace(/\.$/, ""), lines: [item[3] ?? ""] };
    } else if (current && (line === "" || /^\s/.test(line))) {
      current.lines.push(line);
    } else if (current || inAfter) {
      finish();
      inAfter = true;
      after.push(line);
    }
  }
  finish();
  const afterBlocks: string[] = [];
  const afterProse: string[] = [];
  let block: string[] | null = null;
  for (const line of after) {
    if (/^```/.test(line)) {
      if (block) afterBlocks.push(block.join("\n") + "\n");
      block = block ? null : [];
    } else if (block) block.push(line);
    else afterProse.push(line);
  }
  const afterText = afterProse.join(" ").replace(/\s+/g, " ").trim();
  return { steps, after: afterText, afterInline: inlineSpans(afterText), afterBlocks };
}

export function step(recipe: ServerRecipe, number: number): ServerStep {
  const found = recipe.steps.get(number);
  if (!found) throw new Error(`README "Put it on a server" has no step ${number}`);
  return found;
}

/** The one inline command of a step (or of the paragraphs after the steps) that starts with `prefix`. */
export function inlineCommand(spans: readonly string[], prefix: string, where: string): string {
  // The same command said twice (start the service after a restore, and after a rebuild) is one command.
  const found = [...new Set(spans.filter((s) => s.startsWith(prefix)))];
  if (found.length !== 1) {
    throw new Error(`README ${where}: expected one \`${prefix}…\` command, found ${found.length}`);
  }
  return found[0] ?? "";
}

/** The step's one code block. */
export function onlyBlock(s: ServerStep): string {
  if (s.blocks.length !== 1)
    throw new Error(`README step ${s.number}: expected one code block, found ${s.blocks.length}`);
  return s.blocks[0] ?? "";
}

/** Replaces each `from` with its `to`, in order. */
export function substitute(text: string, table: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [from, to] of table) out = out.split(from).join(to);
  return out;
}

/** A block split before its first line matching `re`: [before, from that line on]. */
export function splitBefore(block: string, re: RegExp): [string, string] {
  const lines = block.split("\n");
  const at = lines.findIndex((l) => re.test(l));
  if (at < 0) throw new Error(`no line matching ${re} in:\n${block}`);
  return [lines.slice(0, at).join("\n") + "\n", lines.slice(at).join("\n")];
}

/** The KEY=value lines of a block (comments and blanks dropped). */
export function envLines(block: string): [string, string][] {
  return block
    .split("\n")
    .map((l) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] ?? "", m[2] ?? ""]);
}

/** .env text with each key set to its value: an existing `KEY=` line is replaced, else one is added at the end. */
export function setEnv(text: string, values: readonly (readonly [string, string])[]): string {
  let out = text.endsWith("\n") ? text : `${text}\n`;
  for (const [key, value] of values) {
    const line = new RegExp(`^${key}=.*$`, "m");
    out = line.test(out) ? out.replace(line, `${key}=${value}`) : `${out}${key}=${value}\n`;
  }
  return out;
}

/** Every command the drill takes from the README, found by step number and how it starts. */
export function drillPlan(recipe: ServerRecipe) {
  const inline = (n: number, prefix: string) => inlineCommand(step(recipe, n).inline, prefix, `step ${n}`);
  const after = (prefix: string) => inlineCommand(recipe.afterInline, prefix, "after step 12");
  const afterBlock = (line: string) => {
    const found = recipe.afterBlocks.filter((b) => b.split("\n").includes(line));
    if (found.length !== 1)
      throw new Error(`README after step 12: expected one block with \`${line}\`, found ${found.length}`);
    return found[0] ?? "";
  };
  const mustSay = (n: number, command: string) => {
    if (!step(recipe, n).inline.includes(command)) throw new Error(`README step ${n} no longer says \`${command}\``);
    return command;
  };
  return {
    packages: inline(2, "sudo apt-get update"),
    node: onlyBlock(step(recipe, 3)),
    site: onlyBlock(step(recipe, 4)),
    copyEnv: inline(5, "sudo cp .env.example .env"),
    /** Done by the drill as the file edit it stands for. */
    editEnv: mustSay(5, "sudo nano .env"),
    envLines: envLines(onlyBlock(step(recipe, 5))),
    envMode: inline(5, "sudo chown root:heartland .env"),
    install: onlyBlock(step(recipe, 6)),
    check: inline(7, "sudo -u heartland npm run check:launch"),
    service: onlyBlock(step(recipe, 8)),
    caddy: onlyBlock(step(recipe, 9)),
    /** Done by the drill as the configuration file it writes. */
    rcloneConfig: mustSay(10, "sudo rclone config --config /etc/heartland-rclone.conf"),
    rcloneMode: inline(10, "sudo chown root:heartland /etc/heartland-rclone.conf"),
    offsite: onlyBlock(step(recipe, 10)),
    invite: inline(11, "sudo -u heartland npm run owner -- invite"),
    leads: inline(12, "sudo -u heartland npm run leads"),
    backup: after("sudo -u heartland npm run backup"),
    stop: after("sudo systemctl stop heartland-site"),
    restore: after("sudo -u heartland npm run restore -- "),
    start: after("sudo systemctl start heartland-site"),
    update: afterBlock("sudo -u heartland npm run update           # fetch, replay the owner's edits, build, switch"),
    /** "If /srv/heartland-site is lost": the block, then .env copied back, step 5's modes, steps 6 and 7, start. */
    reclone: afterBlock('sudo -u heartland git clone "$BUNDLE" /srv/heartland-site'),
    envBack: after("sudo cp /srv/heartland-site.broken/.env .env"),
  };
}

export type DrillPlan = ReturnType<typeof drillPlan>;
