// Our own ESLint rules, as a local plugin (eslint.config.js). `business-day` refuses a day cut from an instant
// (decision 0035): the first ten characters of an ISO string are the UTC day, which is tomorrow from 6 or 7 pm in
// Chicago. The one way is dayAt(instant, business.timeZone) in app/lib/business-day.ts. Plain JavaScript, so that
// ESLint loads it on Node 20 without a compiler.

const MESSAGE =
  "That is the UTC day, not the business's: use dayAt(instant, business.timeZone) from app/lib/business-day.ts (decision 0035).";
const LOCALE_MESSAGE =
  "toLocaleDateString without a timeZone shows the server's day: use dayAt or a formatter with the business's timeZone (decision 0035).";

/** `a.b` or `a?.b`, seen through the optional chain. */
const unwrap = (node) => (node && node.type === "ChainExpression" ? node.expression : node);

const propertyName = (member) =>
  member.type === "MemberExpression" && !member.computed && member.property.type === "Identifier"
    ? member.property.name
    : member.type === "MemberExpression" && member.computed && member.property.type === "Literal"
      ? String(member.property.value)
      : null;

/** An instant by its name, as this code base names them: `at`, `sentAt`, `received_at`. */
const INSTANT_NAME = /^at$|At$|_at$/;

/** What holds an ISO instant: `x.toISOString()`, `x.toJSON()`, or a value named like an instant. */
function isInstantText(node) {
  const n = unwrap(node);
  if (!n) return false;
  if (n.type === "CallExpression") {
    const callee = unwrap(n.callee);
    const name = callee.type === "MemberExpression" ? propertyName(callee) : null;
    return name === "toISOString" || name === "toJSON";
  }
  if (n.type === "Identifier") return INSTANT_NAME.test(n.name);
  if (n.type === "MemberExpression") {
    const name = propertyName(n);
    return name !== null && INSTANT_NAME.test(name);
  }
  return false;
}

const isNumber = (node, value) => node && node.type === "Literal" && node.value === value;
const isString = (node, value) =>
  node &&
  ((node.type === "Literal" && node.value === value) ||
    (node.type === "TemplateLiteral" && node.expressions.length === 0 && node.quasis[0]?.value.cooked === value));

/** The options argument names a timeZone (or is not written out here, so we cannot tell: let it pass). */
function namesTimeZone(options) {
  if (!options) return false;
  if (options.type !== "ObjectExpression") return true;
  return options.properties.some(
    (p) =>
      p.type === "SpreadElement" ||
      (p.type === "Property" &&
        ((p.key.type === "Identifier" && p.key.name === "timeZone") ||
          (p.key.type === "Literal" && p.key.value === "timeZone"))),
  );
}

/** @type {import("eslint").Rule.RuleModule} */
export const businessDay = {
  meta: {
    type: "problem",
    docs: { description: "A day from an instant only through dayAt: never a cut of an ISO string" },
    schema: [],
    messages: { cut: MESSAGE, locale: LOCALE_MESSAGE },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = unwrap(node.callee);
        if (callee.type !== "MemberExpression") return;
        const name = propertyName(callee);
        const [first, second] = node.arguments;
        // x.toISOString().slice(0, 10), .substring(0, 10), .substr(0, 10); sentAt.slice(0, 10)
        if (
          (name === "slice" || name === "substring" || name === "substr") &&
          isNumber(first, 0) &&
          isNumber(second, 10) &&
          isInstantText(callee.object)
        ) {
          context.report({ node, messageId: "cut" });
        }
        // x.toISOString().split("T")[0], const [day] = sentAt.split("T")
        if (name === "split" && isString(first, "T") && isInstantText(callee.object)) {
          context.report({ node, messageId: "cut" });
        }
        // date.toLocaleDateString() or ("en-US") with no timeZone: the server's own zone decides the day.
        if (name === "toLocaleDateString" && !namesTimeZone(second)) {
          context.report({ node, messageId: "locale" });
        }
      },
    };
  },
};

/** The local plugin eslint.config.js registers as `local`. */
export default {
  meta: { name: "local" },
  rules: { "business-day": businessDay },
};
