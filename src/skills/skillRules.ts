// The Agent Skills rules for `name` and `description`; each broken rule is one sentence.

/** Longest skill name, in characters. */
export const maxSkillNameLength = 64;
/** Longest skill description, in characters (Unicode code points). */
export const maxSkillDescriptionLength = 1024;

/**
 * Why this frontmatter `name` is not acceptable for a skill in folder `folderName`, or undefined.
 * @example nameProblem('pdf-tools', 'pdf-tools') // undefined
 * @example nameProblem('PDF', 'PDF') // 'name "PDF" may use only lowercase letters, digits and hyphens.'
 */
export function nameProblem(name: unknown, folderName: string): string | undefined {
  if (name === undefined || name === null) return 'SKILL.md frontmatter has no name.';
  if (typeof name !== 'string') return `name must be a string, not ${describe(name)}.`;
  if (name.length === 0) return 'name is empty.';
  const length = [...name].length;
  if (length > maxSkillNameLength) {
    return `name is ${length} characters long; at most ${maxSkillNameLength} are allowed.`;
  }
  if (!/^[a-z0-9-]+$/.test(name)) return `name ${JSON.stringify(name)} may use only lowercase letters, digits and hyphens.`;
  if (name.startsWith('-') || name.endsWith('-')) return `name ${JSON.stringify(name)} must not start or end with a hyphen.`;
  if (name.includes('--')) return `name ${JSON.stringify(name)} must not contain two hyphens in a row.`;
  if (name !== folderName) {
    return `name ${JSON.stringify(name)} does not match its folder's name ${JSON.stringify(folderName)}.`;
  }
  return undefined;
}

/**
 * Why this frontmatter `description` is not acceptable, or undefined.
 * @example descriptionProblem('Extracts tables from PDF files.') // undefined
 */
export function descriptionProblem(description: unknown): string | undefined {
  if (description === undefined || description === null) return 'SKILL.md frontmatter has no description.';
  if (typeof description !== 'string') return `description must be a string, not ${describe(description)}.`;
  if (description.trim().length === 0) return 'description is empty.';
  const length = [...description].length;
  if (length > maxSkillDescriptionLength) {
    return `description is ${length} characters long; at most ${maxSkillDescriptionLength} are allowed.`;
  }
  return undefined;
}

const describe = (value: unknown): string => (Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : `a ${typeof value}`);
