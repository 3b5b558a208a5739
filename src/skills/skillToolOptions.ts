// Options of createSkillTool, their defaults and their checks.
import { optionChecks } from '../capabilities/shared/options.js';
import { minSkillToolDescriptionChars } from './skillToolDescription.js';

/** Options of `createSkillTool`; every one has a default. */
export interface SkillToolOptions {
  /** Longest tool description, in characters; skills beyond it are counted, not listed. Default 8000, at least 1000. */
  maxDescriptionChars?: number;
  /** Bundled files listed after a skill's body; more are announced, not listed. Default 100. */
  maxListedFiles?: number;
  /** Largest file (SKILL.md or bundled) returned, in bytes. Default 262144 (256 KiB). */
  maxFileBytes?: number;
}

/** The defaults of `SkillToolOptions`. */
export const defaultSkillToolOptions: Readonly<Required<SkillToolOptions>> = Object.freeze({
  maxDescriptionChars: 8000,
  maxListedFiles: 100,
  maxFileBytes: 256 * 1024,
});

const check = optionChecks('createSkillTool');

const minimums: Readonly<Required<SkillToolOptions>> = {
  maxDescriptionChars: minSkillToolDescriptionChars,
  maxListedFiles: 0,
  maxFileBytes: 1,
};

/**
 * Fills in defaults; a value that is not a whole number at or above its minimum is a ConfigurationError.
 * @example resolveSkillToolOptions({ maxListedFiles: 20 }).maxFileBytes // 262144
 */
export function resolveSkillToolOptions(options: SkillToolOptions = {}): Required<SkillToolOptions> {
  const given = check.object(options, Object.keys(defaultSkillToolOptions));
  const resolved = { ...defaultSkillToolOptions };
  for (const key of Object.keys(resolved) as (keyof SkillToolOptions)[]) {
    resolved[key] = check.integer(key, given[key], minimums[key], defaultSkillToolOptions[key]);
  }
  return resolved;
}
