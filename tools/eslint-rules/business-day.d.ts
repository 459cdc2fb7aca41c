// Types for business-day.js (plain JavaScript so that ESLint loads it on Node 20).
import type { ESLint, Rule } from "eslint";

export declare const businessDay: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { "business-day": Rule.RuleModule } };
export default plugin;
