// Options of createSkillTool, their defaults and their checks.
import { ConfigurationError } from '../core.js';
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
  const resolved = { ...defaultSkillToolOptions };
  for (const key of Object.keys(options) as (keyof SkillToolOptions)[]) {
    if (!(key in defaultSkillToolOptions)) {
      throw new ConfigurationError(`createSkillTool: unknown option ${JSON.stringify(key)}.`);
    }
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < minimums[key]) {
      throw new ConfigurationError(`createSkillTool: ${key} must be a whole number of at least ${minimums[key]}, got ${String(value)}.`);
    }
    resolved[key] = value;
  }
  return resolved;
}
