// The data shapes of the Skill reader: what loadSkills finds and what it leaves out.

/** One skill folder that passed the rules: its frontmatter was read, its body was not. */
export interface Skill {
  /** From the frontmatter; equal to the folder's name. */
  name: string;
  /** From the frontmatter: what the model reads to choose the skill. */
  description: string;
  /** Absolute path of the skill folder (the folder that holds `SKILL.md`). */
  dir: string;
  /** Every frontmatter field as the YAML library read it (`name`, `description`, `license`, `allowed-tools`, `metadata`, ...). */
  frontmatter: Readonly<Record<string, unknown>>;
}

/** A skill folder or a directory that was left out, and why. */
export interface SkillProblem {
  /** Absolute path of the skill folder, or of the directory that could not be read. */
  path: string;
  /** One sentence. */
  reason: string;
}

/** What `loadSkills` returns: never throws for a bad skill or a missing directory. */
export interface LoadSkillsResult {
  /** The skills that loaded, in the order of the directories given, then by folder name. */
  skills: Skill[];
  /** Every skill folder or directory left out. */
  problems: SkillProblem[];
}
