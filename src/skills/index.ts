// The Skill reader, a capability module above the core: Agent Skills folders become one
// `skill` tool in the registry. Imports only '../core.js'; the core never imports this folder.
export { loadSkills } from './loadSkills.js';
export { createSkillTool } from './skillTool.js';
export type { SkillToolArgs } from './skillTool.js';
export type { SkillToolOptions } from './skillToolOptions.js';
export { SkillToolErrorCode } from './skillToolCodes.js';
export type { Skill, SkillProblem, LoadSkillsResult } from './types.js';
