// The lint rule that keeps one way to get a day from an instant (tools/eslint-rules/business-day.js, decision 0035):
// every spelling of "cut the day from an ISO instant" is refused, and the one function and plain day arithmetic pass.
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import { businessDay } from "../../tools/eslint-rules/business-day.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const cut = [{ messageId: "cut" }];
const locale = [{ messageId: "locale" }];

tester.run("business-day", businessDay, {
  valid: [
    "const day = dayAt(now(), business.timeZone);",
    "const day = dayAt(acceptance.at, version.timeZone);",
    // Calendar arithmetic on a plain day, and other cuts of other strings.
    "const d = new Date(Date.UTC(y, m - 1, n)); const day = `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}`;",
    'const year = Number(day.slice(0, 4)); const hash = digest.slice(0, 10); const list = rows.slice(0, 10);',
    "const stamp = now().toISOString().slice(0, 19);",
    'const [name] = header.split("T");',
    "const text = at.slice(11, 16);",
    'const shown = instant.toLocaleDateString("en-US", { timeZone: business.timeZone, dateStyle: "long" });',
    'const shown = instant.toLocaleDateString("en-US", options);',
    "const money = cents.toLocaleString(\"en-US\");",
  ],
  invalid: [
    { code: "const day = new Date().toISOString().slice(0, 10);", errors: cut },
    { code: "const day = owner.now().toISOString().substring(0, 10);", errors: cut },
    { code: "const day = now.toISOString().substr(0, 10);", errors: cut },
    { code: 'const day = now.toISOString().split("T")[0];', errors: cut },
    { code: "const day = now.toISOString().split(`T`)[0];", errors: cut },
    { code: 'const [day] = now.toISOString().split("T");', errors: cut },
    { code: "const day = now.toJSON().slice(0, 10);", errors: cut },
    { code: "const day = now?.toISOString().slice(0, 10);", errors: cut },
    // An ISO instant by its name, as stored: the PDF's fault (issue 51).
    { code: "dayText(version.sentAt.slice(0, 10));", errors: cut },
    { code: "dayText(acceptance.at.slice(0, 10));", errors: cut },
    { code: "const day = row.received_at.substring(0, 10);", errors: cut },
    { code: 'const day = sentAt.split("T")[0];', errors: cut },
    { code: "const shown = instant.toLocaleDateString();", errors: locale },
    { code: 'const shown = instant.toLocaleDateString("en-US", { dateStyle: "long" });', errors: locale },
  ],
});
