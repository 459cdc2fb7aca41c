// README "Put it on a server" holds every command the deploy drill runs (tests/deploy/drill.ts takes them from it),
// and the layout the drill proves: the working copy belongs to the site's user, and the unit may write it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drillPlan, serverRecipe, setEnv, splitBefore, substitute } from "../deploy/readme-steps";

const readme = readFileSync("README.md", "utf8");
const unit = readFileSync("deploy/heartland-site.service", "utf8");

describe("README 'Put it on a server'", () => {
  const recipe = serverRecipe(readme);
  const plan = drillPlan(recipe);

  it("has the twelve numbered steps and every command the drill runs", () => {
    expect([...recipe.steps.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(recipe.steps.get(4)?.title).toBe("The site's user, folders and code");
    expect(plan.envLines.map(([key]) => key)).toEqual(
      expect.arrayContaining(["HOST", "PORT", "DATA_DIR", "BACKUP_DIR", "TRUST_PROXY", "OFFSITE_REMOTE"]),
    );
    expect(plan.caddy).toMatch(/^curl -sI .*https:\/\/example\.com\//m);
    // The service and Caddy need a moment after starting: the checks wait for them instead of failing at once.
    expect(plan.service).toMatch(/^curl -s --retry \d+ --retry-connrefused http:\/\/127\.0\.0\.1:3000\/healthz/m);
  });

  it("clones the working copy as the site's user, into a folder it owns", () => {
    expect(plan.site).toContain("sudo install -d -o heartland -g heartland -m 755 /srv/heartland-site");
    expect(plan.site).toMatch(/^sudo -u heartland git clone <the site's repository> \/srv\/heartland-site$/m);
  });

  it("runs every npm and git command in the working copy as the site's user", () => {
    const inWorkingCopy = [plan.install, plan.check, plan.invite, plan.leads, plan.backup, plan.restore].join("\n");
    const lines = inWorkingCopy
      .replace(/\\\n\s*/g, " ")
      .split("\n")
      .filter((l) => /\b(npm|git) /.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line).toMatch(/^\s*sudo -u heartland /);
  });

  it("keeps .env root:heartland 640 in the working copy", () => {
    expect(plan.copyEnv).toBe("sudo cp .env.example .env");
    expect(plan.envMode).toBe("sudo chown root:heartland .env && sudo chmod 640 .env");
  });
});

describe("deploy/heartland-site.service", () => {
  it("may write its data, its backups and its working copy, and nothing else", () => {
    const paths = /^ReadWritePaths=(.*)$/m.exec(unit)?.[1]?.split(/\s+/);
    expect(paths).toEqual(["/var/lib/heartland-site", "/var/backups/heartland-site", "/srv/heartland-site"]);
    expect(unit).toMatch(/^WorkingDirectory=\/srv\/heartland-site$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^User=heartland$/m);
  });
});

describe("readme-steps helpers", () => {
  it("substitutes in order: the owner's address before the domain", () => {
    const table: [string, string][] = [
      ["you@example.com", "owner@localhost"],
      ["example.com", "localhost"],
    ];
    expect(substitute("ACME_EMAIL=you@example.com SITE_DOMAIN=example.com", table)).toBe(
      "ACME_EMAIL=owner@localhost SITE_DOMAIN=localhost",
    );
  });

  it("sets .env keys in place or adds them", () => {
    expect(
      setEnv("A=1\n# B=2\nC=3", [
        ["C", "4"],
        ["B", "5"],
      ]),
    ).toBe("A=1\n# B=2\nC=4\nB=5\n");
  });

  it("splits a block before a line", () => {
    expect(splitBefore("a\nb\ncurl x\nd\n", /^curl /)).toEqual(["a\nb\n", "curl x\nd\n"]);
  });
});
